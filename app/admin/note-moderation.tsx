"use client";

import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import type { ModeratedNoteResponse, ReviewResponse } from "@/lib/admin/admin-responses";
import { useFailureMessage } from "@/lib/browser/use-failure-message";
import { adminRequest } from "./admin-request";
import styles from "./admin.module.css";
import { ConfirmButton } from "./confirm-button";
import { formatTime } from "./format-time";
import { NoteLinks, readsText } from "./note-links";

type Texts = Parameters<typeof readsText>[0];

function sealingLabel(t: Texts, sealing: string): string {
  if (sealing === "password") return t("sealedByPassword");
  if (sealing === "none") return t("sealedNone");
  return t("sealedWithKey", { key: sealing.replace(/^server key /, "") });
}

function NoteDetails({ note }: { note: ModeratedNoteResponse }) {
  const t = useTranslations("admin.moderation");
  const locale = useLocale();
  const rows: [string, string][] = [
    [t("id"), note.id],
    [t("status"), note.status],
    [t("created"), note.created_at === null ? "—" : formatTime(note.created_at, locale)],
    [t("expires"), note.expires_at === null ? t("neverPermanent") : formatTime(note.expires_at, locale)],
    [t("reads"), note.links.length > 0 ? t("readsPerLink") : readsText(t, note.read_count, note.burn_after)],
    [t("password"), note.password_required ? t("yes") : t("no")],
    [t("owner"), note.owner ? `${note.owner.label} (${note.owner.prefix}…)` : t("anonymous")],
    [t("format"), note.content_type],
    [t("size"), t("bytes", { count: note.size_bytes.toLocaleString(locale) })],
    [t("pages"), String(note.page_count)],
    [t("sealed"), sealingLabel(t, note.sealing)],
    [t("encryption"), note.encrypted ? t("endToEnd") : t("notEndToEnd")],
  ];
  return (
    <dl className={styles.details} aria-label={t("metadataLabel")}>
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
  const t = useTranslations("admin.moderation");
  if (review.unreadable) return <p role="note">{review.unreadable}</p>;
  if (review.pages.length === 0) return <p>{t("noContent")}</p>;
  return (
    <div className={styles.stack} aria-label={t("contentLabel")}>
      {review.pages.map((page) => (
        <article key={page.index} className={styles.reviewPage}>
          <h4>
            {page.title
              ? t("pageHeadingTitled", { n: page.index + 1, title: page.title, format: page.content_type })
              : t("pageHeading", { n: page.index + 1, format: page.content_type })}
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
  const t = useTranslations("admin.moderation");
  const failureMessage = useFailureMessage();

  async function lookUp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reference = String(new FormData(event.currentTarget).get("note") ?? "");
    const result = await adminRequest<ModeratedNoteResponse>("/admin/api/notes/lookup", {
      body: { note: reference },
    });
    setReview(null);
    setMessage(null);
    setNote(result.ok ? result.data : null);
    setError(result.ok ? null : failureMessage(result));
  }

  async function reviewContent() {
    if (!note) return;
    const result = await adminRequest<ReviewResponse>(`/admin/api/notes/${note.id}/review`);
    setReview(result.ok ? result.data : null);
    setError(result.ok ? null : failureMessage(result));
    router.refresh();
  }

  async function takeDown() {
    if (!note) return null;
    const result = await adminRequest(`/admin/api/notes/${note.id}`, { method: "DELETE" });
    if (!result.ok) return failureMessage(result);
    setMessage(t("deleted", { id: note.id }));
    setNote(null);
    setReview(null);
    router.refresh();
    return null;
  }

  return (
    <div className={styles.stack}>
      <form method="post" className={styles.row} onSubmit={lookUp}>
        <label className={styles.field}>
          {t("noteField")}
          <input name="note" required spellCheck={false} className={styles.mono} />
        </label>
        <button type="submit" className={styles.primary}>
          {t("lookUp")}
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
          {note.links.length > 0 && <NoteLinks note={note} />}
          <div className={styles.row}>
            <button type="button" onClick={reviewContent}>
              {t("review")}
            </button>
            <ConfirmButton
              question={
                note.links.length > 0
                  ? t("deleteQuestionLinks", { id: note.id, count: note.links.length })
                  : t("deleteQuestion", { id: note.id })
              }
              confirmLabel={t("deleteConfirm")}
              onConfirm={takeDown}
            >
              {t("delete")}
            </ConfirmButton>
          </div>
          <p className={styles.hint}>{t("reviewHint")}</p>
          {review && <ReviewedContent review={review} />}
        </>
      )}
    </div>
  );
}
