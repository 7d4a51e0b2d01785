import "server-only";
import { queryRows } from "../db";
import { sealingKeys } from "../env";
import { isNotesCursor, listOwnNotes } from "../notes/list-key-notes";
import { openRecipientLabel } from "../notes/recipient-sealing";
import { openRequestText } from "../requests/request-sealing";
import type { ActingPerson } from "./acting-person";
import { isNoteId } from "../notes/note-id";
import {
  ownNoteLinksSql,
  ownRequestsSql,
  type OwnRequestRow,
  type OwnRequestsCursor,
} from "./own-things-sql";

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

/** A page's next cursor: its last request's creation, in milliseconds, and id (`1764633600123-Ab3dE…`). */
const requestsCursorText = (last: OwnRequestRow) => `${last.created_at.getTime()}-${last.id}`;

function requestsCursorOf(text: string): OwnRequestsCursor | null {
  const [, millis, id] = /^([1-9]\d{0,14})-(\w+)$/.exec(text) ?? [];
  return millis && id && isNoteId(id) ? { createdAt: new Date(Number(millis)), id } : null;
}

/**
 * A page of the person's requests, newest first, with their titles and how many answers came.
 * `after` is the previous page's next cursor (/me?requests_after=…); anything else shows the newest.
 */
export async function listOwnRequestPage(person: ActingPerson, after: string | undefined) {
  const cursor = after === undefined ? null : requestsCursorOf(after);
  // One more than a page: whether there is a next page, without counting.
  const rows = await queryRows<OwnRequestRow>(ownRequestsSql(person.id, cursor, ownListLength + 1));
  const shown = rows.slice(0, ownListLength);
  const last = shown.at(-1);
  const now = Date.now();
  const requests: OwnRequest[] = shown.map((row) => ({
    ...row,
    title: openRequestText(row.id, "title", row.title),
    status:
      row.expires_at.getTime() <= now ? "expired" : row.answer_count < row.max_answers ? "open" : "closed",
  }));
  const nextCursor = rows.length > ownListLength && last ? requestsCursorText(last) : null;
  return { requests, nextCursor, older: cursor !== null };
}
