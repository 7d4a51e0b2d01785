"use client";

import { useEffect, useRef, useState } from "react";
import { failureMessage, sendJson } from "@/lib/browser/call-api";
import { CopyField } from "./copy-field";

type Props = { id: string; deleteToken: string | null; deleteHeaders: Record<string, string> };

type Phase = { name: "idle" | "asking" | "deleting" | "deleted" } | { name: "failed"; message: string };

/**
 * How the creator takes the note down before it expires. A keyless note's delete token is shown here,
 * once, since nothing else can delete it; a keyed note is deleted with its key. "Delete now" acts at
 * once, after a confirmation, through the same DELETE call any client makes.
 */
export function EarlyDelete({ id, deleteToken, deleteHeaders }: Props) {
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  const outcome = useRef<HTMLParagraphElement>(null);

  // The buttons that had focus are gone once the answer is in: the answer takes it instead.
  useEffect(() => {
    if (phase.name === "deleted" || phase.name === "failed") outcome.current?.focus();
  }, [phase]);

  async function remove() {
    setPhase({ name: "deleting" });
    const result = await sendJson(`/api/v1/shares/${id}`, { method: "DELETE", headers: deleteHeaders });
    setPhase(
      result.ok || result.error === "not_found"
        ? { name: "deleted" }
        : { name: "failed", message: failureMessage(result) },
    );
  }

  if (phase.name === "deleted") {
    return (
      <p ref={outcome} className="banner ok" role="status" tabIndex={-1}>
        The note is deleted. Its link no longer opens anything.
      </p>
    );
  }
  return (
    <section className="delete-panel" aria-labelledby="delete-heading">
      <h3 id="delete-heading">Delete it early</h3>
      {deleteToken ? (
        <>
          <p>
            Keep this delete token to take the note down before it expires. Anyone who has it can delete the
            note, so keep it private; it is shown only here.
          </p>
          <CopyField id="delete-token" label="Delete token" value={deleteToken} copyLabel="Copy token" />
        </>
      ) : (
        <p>The API key that created this note can delete it before it expires.</p>
      )}
      {phase.name === "failed" && (
        <p ref={outcome} className="field-error" role="alert" tabIndex={-1}>
          {phase.message}
        </p>
      )}
      {phase.name === "asking" || phase.name === "deleting" ? (
        <div className="button-row" role="group" aria-label="Delete this note for good?">
          <span>Delete this note for good?</span>
          <button
            type="button"
            className="button danger"
            onClick={remove}
            disabled={phase.name === "deleting"}
            autoFocus
          >
            Delete note
          </button>
          <button type="button" className="button ghost" onClick={() => setPhase({ name: "idle" })}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" className="button ghost danger" onClick={() => setPhase({ name: "asking" })}>
          Delete now…
        </button>
      )}
    </section>
  );
}
