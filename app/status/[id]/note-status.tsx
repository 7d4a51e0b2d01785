"use client";

import { useEffect, useState } from "react";
import { failureMessage, sendJson } from "@/lib/browser/call-api";
import type { NoteEventsResponse } from "@/lib/notes/note-response-schemas";

/** How often the log is fetched again while the page is open. */
const refreshMs = 5_000;

const describe: Record<NoteEventsResponse["events"][number]["type"], string> = {
  created: "Created",
  read: "Opened",
  burned: "Destroyed after its last read",
  password_failed: "Wrong password tried",
  deleted: "Deleted",
  expired: "Expired",
};

type Log =
  | { state: "loading" }
  | { state: "shown"; events: NoteEventsResponse["events"] }
  | { state: "failed"; message: string };

/** The delete token, from the fragment: browsers never send it to the server. */
const tokenInFragment = () => decodeURIComponent(window.location.hash.slice(1));

const gone = new Set(["burned", "deleted", "expired"]);

/** The note's access log, refreshed every few seconds, and a delete button while the note lives. */
export function NoteStatus({ id }: { id: string }) {
  const [log, setLog] = useState<Log>({ state: "loading" });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const token = tokenInFragment();
    let stopped = false;
    const load = async () => {
      const result = await sendJson<NoteEventsResponse>(`/api/v1/shares/${id}/events`, {
        method: "GET",
        headers: { "x-delete-token": token },
      });
      if (stopped) return;
      if (result.ok) setLog({ state: "shown", events: result.data.events });
      else if (result.error === "not_found") {
        setLog({
          state: "failed",
          message: "Nothing to show: this status link is incomplete, or the log was deleted.",
        });
      } else setLog({ state: "failed", message: failureMessage(result) });
    };
    void load();
    const timer = setInterval(() => void load(), refreshMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [id, version]);

  async function remove() {
    const token = tokenInFragment();
    if (!window.confirm("Delete this note now? Its link will no longer open anything.")) return;
    const result = await sendJson(`/api/v1/shares/${id}`, {
      method: "DELETE",
      headers: { "x-delete-token": token },
    });
    if (!result.ok && result.error !== "not_found")
      setLog({ state: "failed", message: failureMessage(result) });
    else setVersion((current) => current + 1);
  }

  const events = log.state === "shown" ? log.events : [];
  // A note sent to recipients: its own entries (the note as a whole) and each link's, by recipient.
  const withRecipients = events.some((event) => event.recipient !== null);
  const live =
    log.state === "shown" && !events.some((event) => event.recipient === null && gone.has(event.type));
  return (
    <section className="card" aria-labelledby="status-heading">
      <h1 id="status-heading">Who opened your note</h1>
      <p className="hint">This page refreshes itself. Keep its link private: it can delete the note.</p>
      {log.state === "loading" && <p role="status">Loading…</p>}
      {log.state === "failed" && (
        <p className="field-error" role="alert">
          {log.message}
        </p>
      )}
      {log.state === "shown" && (
        <table aria-label="Access log">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">What</th>
              {withRecipients && <th scope="col">Recipient</th>}
              <th scope="col">Reads left</th>
              <th scope="col">Reader</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event, index) => (
              <tr key={index} data-event={event.type}>
                <td>{new Date(event.at * 1000).toLocaleString()}</td>
                <td>{describe[event.type]}</td>
                {withRecipients && <td>{event.recipient ?? "Everyone"}</td>}
                <td>{event.remaining_views ?? "—"}</td>
                <td>{event.client ? `${event.browser ?? "?"} · ${event.client}` : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {live && (
        <div className="button-row">
          <button type="button" className="button danger" onClick={() => void remove()}>
            Delete now
          </button>
        </div>
      )}
    </section>
  );
}
