import "server-only";
import { queryRows } from "../db";
import { sealingKeys } from "../env";
import { isNotesCursor, listOwnNotes } from "../notes/list-key-notes";
import { openRecipientLabel } from "../notes/recipient-sealing";
import { openRequestText } from "../requests/request-sealing";
import type { ActingPerson } from "./acting-person";
import { ownNoteLinksSql, ownRequestsSql, type OwnRequestRow } from "./own-things-sql";

// /me: what a person created while signed in (pages, or the API and CLI with their personal key).

/** How many of each /me shows: the newest. */
export const ownListLength = 100;

/**
 * A page of the person's notes, newest first: status, reads, expiry; never content. `after` is the
 * previous page's next cursor (/me?notes_after=…); anything else shows the newest page.
 */
export async function listOwnNotePage(person: ActingPerson, after: string | undefined) {
  const cursor = after !== undefined && isNotesCursor(after) ? after : null;
  const page = await listOwnNotes({ personId: person.id }, { cursor, limit: ownListLength });
  return { ...page, older: cursor !== null };
}

/** The live recipients' links of one of the person's notes; none for anyone else's. */
export async function listOwnNoteLinks(person: ActingPerson, noteId: string) {
  const rows = await queryRows<{ id: string; recipient: string }>(ownNoteLinksSql(person.id, noteId));
  const keys = sealingKeys();
  return rows.map((row) => ({ id: row.id, label: openRecipientLabel(keys, row.id, row.recipient) }));
}

export type OwnRequest = Omit<OwnRequestRow, "title"> & {
  title: string;
  status: "open" | "closed" | "expired";
};

/** The person's requests, newest first, with their titles and how many answers came. */
export async function listOwnRequests(person: ActingPerson): Promise<OwnRequest[]> {
  const rows = await queryRows<OwnRequestRow>(ownRequestsSql(person.id, ownListLength));
  const now = Date.now();
  return rows.map((row) => ({
    ...row,
    title: openRequestText(row.id, "title", row.title),
    status:
      row.expires_at.getTime() <= now ? "expired" : row.answer_count < row.max_answers ? "open" : "closed",
  }));
}
