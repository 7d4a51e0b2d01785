import "server-only";
import { queryRows } from "../db";
import { sealingKeys } from "../env";
import type { ApiKeyIdentity } from "../keys/authenticate-request";
import { isCreator, type ActingPerson } from "../people/acting-person";
import { deleteTokenMatches } from "./delete-token";
import { noteEventsSql, type NoteEventRow } from "./note-event-sql";
import { assertNoteId, notFound } from "./note-id";
import { openRecipientLabel } from "./recipient-sealing";

export type NoteEvent = Pick<
  NoteEventRow,
  "type" | "at" | "remaining_views" | "client" | "browser" | "recipient"
>;

/**
 * A note's access log for its owner: the key that created it, the holder of its delete token, or the
 * person who created it, as
 * kept on the log's `created` entry, so the owner still sees it after the note is burned, deleted or
 * purged. Anyone else, like an unknown note or one whose log was purged, gets not_found. An owner
 * handle's log also lists its recipients' links' entries, each with its recipient; a link's, its own.
 */
export async function getNoteEvents(options: {
  id: string;
  apiKey: ApiKeyIdentity | null;
  /** the person acting (signed in, or a personal key's owner): their own notes */
  person?: ActingPerson | null;
  /** the X-Delete-Token header, if any */
  deleteToken: string | null;
}): Promise<NoteEvent[]> {
  const { id, apiKey, deleteToken } = options;
  assertNoteId(id);
  const rows = await queryRows<NoteEventRow>(noteEventsSql(id));
  const created = rows.find((row) => row.type === "created" && row.share_id === id);
  const byToken = deleteTokenMatches(deleteToken, created?.delete_token_hash ?? null);
  const byKey = apiKey !== null && created?.api_key_id === apiKey.id;
  if (!created || !(byKey || byToken || isCreator(options.person, created))) throw notFound();
  const keys = sealingKeys();
  return rows.map(({ share_id, type, at, remaining_views, client, browser, recipient }) => ({
    type,
    at,
    remaining_views,
    client,
    browser,
    recipient: openRecipientLabel(keys, share_id, recipient),
  }));
}
