import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { formatDateTime } from "@/lib/i18n/format-date-time";
import type { KeyNoteRow } from "@/lib/notes/note-event-sql";
import { PageLinks, type PagePlace } from "./page-links";

/** What the person sees of a note's state: a live note is unread or read. */
const statusOf = (note: KeyNoteRow) =>
  note.status === "live" ? ((note.read_count ?? 0) > 0 ? "read" : "unread") : note.status;

const readsLeft = (note: KeyNoteRow) =>
  note.status === "live" && note.burn_after !== null ? note.burn_after - (note.read_count ?? 0) : null;

type NotePage = PagePlace & { notes: KeyNoteRow[] };

/** The person's notes: never their content, only enough of the id to tell them apart. */
export async function OwnNotes({ page }: { page: NotePage }) {
  const { notes } = page;
  const [t, status, locale] = await Promise.all([
    getTranslations("me"),
    getTranslations("status"),
    getLocale(),
  ]);
  const at = (date: Date | null) => (date ? formatDateTime(date.getTime() / 1000, locale) : "—");
  if (notes.length === 0 && !page.older) return <p>{t("noNotes")}</p>;
  return (
    <>
      <table className="log-table" aria-label={t("notesHeading")}>
        <thead>
          <tr>
            <th scope="col">{t("note")}</th>
            <th scope="col">{t("status")}</th>
            <th scope="col">{status("readsLeft")}</th>
            <th scope="col">{t("expires")}</th>
            <th scope="col">{t("created")}</th>
          </tr>
        </thead>
        <tbody>
          {notes.map((note) => (
            <tr key={note.id} data-note={note.id}>
              <td data-label={t("note")}>
                <Link href={`/me/notes/${note.id}`} dir="ltr">{`${note.id.slice(0, 4)}…`}</Link>
              </td>
              <td data-label={t("status")}>{t(`statuses.${statusOf(note)}`)}</td>
              <td data-label={status("readsLeft")}>{readsLeft(note) ?? "—"}</td>
              <td data-label={t("expires")}>
                {note.status === "live" && !note.expires_at ? t("never") : at(note.expires_at)}
              </td>
              <td data-label={t("created")}>{at(note.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <PageLinks place={page} list="notes" />
    </>
  );
}
