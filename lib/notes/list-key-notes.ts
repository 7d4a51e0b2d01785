import "server-only";
import { queryRows } from "../db";
import { ApiError } from "../http/api-error";
import type { ApiKeyIdentity } from "../keys/authenticate-request";
import { ownNotesSql, type KeyNoteRow, type NoteOwner } from "./note-event-sql";

// GET /api/v1/shares and /me: the notes a key or a person created, newest first, a page at a time.

const defaultLimit = 50;
const maxLimit = 100;

const badQuery = (message: string) => new ApiError("bad_query", message);

/** Whether `value` is shaped like a page's next_cursor (the id of a created entry of the log). */
export const isNotesCursor = (value: string) => /^[1-9]\d{0,17}$/.test(value);

/** `limit` (1 to 100, default 50) and `cursor` (from the previous page's next_cursor) of the URL. */
function pageOf(searchParams: URLSearchParams): { cursor: string | null; limit: number } {
  const cursor = searchParams.get("cursor");
  const limitText = searchParams.get("limit");
  if (cursor !== null && !isNotesCursor(cursor)) throw badQuery("cursor must be a next_cursor value.");
  const limit = limitText === null ? defaultLimit : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit) {
    throw badQuery(`limit must be a whole number from 1 to ${maxLimit}.`);
  }
  return { cursor, limit };
}

export async function listKeyNotes(
  apiKey: ApiKeyIdentity,
  searchParams: URLSearchParams,
): Promise<{ notes: KeyNoteRow[]; nextCursor: string | null }> {
  return listOwnNotes({ apiKeyId: apiKey.id }, pageOf(searchParams));
}

/** A page of the notes of a key or a person (/me), newest first; never their content. */
export async function listOwnNotes(
  owner: NoteOwner,
  { cursor, limit }: { cursor: string | null; limit: number },
): Promise<{ notes: KeyNoteRow[]; nextCursor: string | null }> {
  // One more than a page: whether there is a next page, without counting.
  const rows = await queryRows<KeyNoteRow>(ownNotesSql(owner, cursor, limit + 1));
  const notes = rows.slice(0, limit);
  return { notes, nextCursor: rows.length > limit ? (notes.at(-1)?.cursor ?? null) : null };
}
