"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { ModeratedNoteResponse, ReviewResponse } from "@/lib/admin/admin-responses";
import { adminRequest } from "./admin-request";
import styles from "./admin.module.css";
import { ConfirmButton } from "./confirm-button";
import { formatTime } from "./format-time";

function NoteDetails({ note }: { note: ModeratedNoteResponse }) {
  const rows: [string, string][] = [
    ["Id", note.id],
    ["Status", note.status],
    ["Created", formatTime(note.created_at)],
    ["Expires", formatTime(note.expires_at, "never (permanent)")],
    ["Reads", `${note.read_count}${note.burn_after === null ? "" : ` of ${note.burn_after}`}`],
    ["Password", note.password_required ? "yes" : "no"],
    ["Owner key", note.owner ? `${note.owner.label} (${note.owner.prefix}…)` : "none (anonymous)"],
    ["Format", note.content_type],
    ["Size", `${note.size_bytes.toLocaleString("en")} bytes`],
    ["Pages", String(note.page_count)],
    [
      "Encryption",
      note.encrypted
        ? "end to end: the server cannot read it (a review shows only its envelope)"
        : "none: stored as text",
    ],
  ];
  return (
    <dl className={styles.details} aria-label="Note metadata">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ReviewedContent({ review }: { review: ReviewResponse }) {
  if (review.pages.length === 0) return <p>This note has no content left (it was burned).</p>;
  return (
    <div className={styles.stack} aria-label="Note content">
      {review.pages.map((page) => (
        <article key={page.index} className={styles.reviewPage}>
          <h4>
            Page {page.index + 1}
            {page.title && `: ${page.title}`} ({page.content_type})
          </h4>
          <pre className={styles.mono}>{page.content}</pre>
        </article>
      ))}
    </div>
  );
}

/** Look a note up by id or URL, then review its content or take it down. */
export function NoteModeration() {
  const router = useRouter();
  const [note, setNote] = useState<ModeratedNoteResponse | null>(null);
  const [review, setReview] = useState<ReviewResponse | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function lookUp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reference = String(new FormData(event.currentTarget).get("note") ?? "");
    const result = await adminRequest<ModeratedNoteResponse>("/admin/api/notes/lookup", {
      body: { note: reference },
    });
    setReview(null);
    setMessage(null);
    setNote(result.ok ? result.data : null);
    setError(result.ok ? null : result.message);
  }

  async function reviewContent() {
    if (!note) return;
    const result = await adminRequest<ReviewResponse>(`/admin/api/notes/${note.id}/review`);
    setReview(result.ok ? result.data : null);
    setError(result.ok ? null : result.message);
    router.refresh();
  }

  async function takeDown() {
    if (!note) return null;
    const result = await adminRequest(`/admin/api/notes/${note.id}`, { method: "DELETE" });
    if (!result.ok) return result.message;
    setMessage(`Note ${note.id} was deleted.`);
    setNote(null);
    setReview(null);
    router.refresh();
    return null;
  }

  return (
    <div className={styles.stack}>
      <form className={styles.row} onSubmit={lookUp}>
        <label className={styles.field}>
          Note id or URL
          <input name="note" required spellCheck={false} className={styles.mono} />
        </label>
        <button type="submit" className={styles.primary}>
          Look up
        </button>
      </form>
      <p role="status">{message}</p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {note && (
        <>
          <NoteDetails note={note} />
          <div className={styles.row}>
            <button type="button" onClick={reviewContent}>
              Review content
            </button>
            <ConfirmButton
              question={`Delete note ${note.id} for good?`}
              confirmLabel="Delete note"
              onConfirm={takeDown}
            >
              Delete note…
            </ConfirmButton>
          </div>
          <p className={styles.hint}>
            Reviewing shows the content without counting a view; it is recorded in the audit log.
          </p>
          {review && <ReviewedContent review={review} />}
        </>
      )}
    </div>
  );
}
