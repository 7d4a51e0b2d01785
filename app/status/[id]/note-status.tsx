"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { sendJson } from "@/lib/browser/call-api";
import { useFailureMessage } from "@/lib/browser/use-failure-message";
import { formatDateTime } from "@/lib/i18n/format-date-time";
import type { NoteEventsResponse } from "@/lib/notes/note-response-schemas";
import { NotifyFailures } from "./notify-failures";

/** How often the log is fetched again while the page is open. */
const refreshMs = 5_000;

type Log =
  | { state: "loading" }
  | { state: "shown"; response: NoteEventsResponse }
  | { state: "failed"; message: string };

/** The delete token, from the fragment: browsers never send it to the server. */
const tokenInFragment = (): Record<string, string> => ({
  "x-delete-token": decodeURIComponent(window.location.hash.slice(1)),
});

const gone = new Set(["burned", "deleted", "expired"]);

/**
 * The note's access log, refreshed every few seconds, and a delete button while the note lives. The
 * owner shows the delete token in the page's fragment (`credential` "token"), or is the signed-in
 * person who created the note ("session": /me, whose session cookie the API reads).
 */
export function NoteStatus({ id, credential = "token" }: { id: string; credential?: "token" | "session" }) {
  const [log, setLog] = useState<Log>({ state: "loading" });
  const [version, setVersion] = useState(0);
  const t = useTranslations("status");
  const locale = useLocale();
  const failureMessage = useFailureMessage();

  useEffect(() => {
    const owner = credential === "token" ? tokenInFragment() : {};
    let stopped = false;
    const load = async () => {
      const result = await sendJson<NoteEventsResponse>(`/api/v1/shares/${id}/events`, {
        method: "GET",
        headers: owner,
      });
      if (stopped) return;
      if (result.ok) setLog({ state: "shown", response: result.data });
      else if (result.error === "not_found") {
        setLog({ state: "failed", message: t("nothingToShow") });
      } else setLog({ state: "failed", message: failureMessage(result) });
    };
    void load();
    const timer = setInterval(() => void load(), refreshMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
    // The texts are the page's; the log is fetched again only for another note or after a delete.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, credential, version]);

  async function remove() {
    if (!window.confirm(t("confirmDelete"))) return;
    const owner = credential === "token" ? tokenInFragment() : {};
    const result = await sendJson(`/api/v1/shares/${id}`, { method: "DELETE", headers: owner });
    if (!result.ok && result.error !== "not_found")
      setLog({ state: "failed", message: failureMessage(result) });
    else setVersion((current) => current + 1);
  }

  const events = log.state === "shown" ? log.response.events : [];
  // A note sent to recipients: its own entries (the note as a whole) and each link's, by recipient.
  const withRecipients = events.some((event) => event.recipient !== null);
  const live =
    log.state === "shown" && !events.some((event) => event.recipient === null && gone.has(event.type));
  return (
    <section className="card" aria-labelledby="status-heading">
      <h1 id="status-heading">{t("heading")}</h1>
      <p className="hint">{t("hint")}</p>
      {log.state === "loading" && <p role="status">{t("loading")}</p>}
      {log.state === "shown" && (
        <NotifyFailures emails={log.response.notify_email} targets={log.response.notify_targets} />
      )}
      {log.state === "failed" && (
        <p className="field-error" role="alert">
          {log.message}
        </p>
      )}
      {log.state === "shown" && (
        <table className="log-table" aria-label={t("tableLabel")}>
          <thead>
            <tr>
              <th scope="col">{t("when")}</th>
              <th scope="col">{t("what")}</th>
              {withRecipients && <th scope="col">{t("recipient")}</th>}
              <th scope="col">{t("readsLeft")}</th>
              <th scope="col">{t("reader")}</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event, index) => (
              <tr key={index} data-event={event.type}>
                <td data-label={t("when")}>{formatDateTime(event.at, locale)}</td>
                <td data-label={t("what")}>{t(`events.${event.type}`)}</td>
                {withRecipients && <td data-label={t("recipient")}>{event.recipient ?? t("everyone")}</td>}
                <td data-label={t("readsLeft")}>{event.remaining_views ?? "—"}</td>
                <td data-label={t("reader")}>
                  {/* A browser's name and an address read left to right, also on a page in Arabic. */}
                  {event.client ? <span dir="ltr">{`${event.browser ?? "?"} · ${event.client}`}</span> : "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {live && (
        <div className="button-row">
          <button type="button" className="button danger" onClick={() => void remove()}>
            {t("deleteNow")}
          </button>
        </div>
      )}
    </section>
  );
}
