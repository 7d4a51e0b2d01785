import "server-only";
import { queryRows } from "../db";
import { discardFilesOf } from "../files/collect-files";
import type { ApiKeyIdentity } from "../keys/authenticate-request";
import { isCreator, type ActingPerson } from "../people/acting-person";
import { countNote, type NoteTraits } from "../metrics/metrics";
import { deleteTokenMatches } from "./delete-token";
import { assertNoteId, notFound } from "./note-id";
import { deleteLiveNoteSql, noteOwnerSql } from "./note-removal-sql";

type Owner = { api_key_id: string | null; created_by: string | null; delete_token_hash: string | null };

/**
 * Deletes a live note, with its pages, for its owner: the API key that created it, the holder of its
 * delete token, or the person who created it. Anyone else, like an unknown, expired or burned note, gets not_found, so a
 * failed delete never tells whether the note exists.
 */
export async function deleteNote(options: {
  id: string;
  apiKey: ApiKeyIdentity | null;
  /** the person acting (signed in, or a personal key's owner): their own notes */
  person?: ActingPerson | null;
  /** the X-Delete-Token header, if any */
  deleteToken: string | null;
}): Promise<void> {
  const { id, apiKey, deleteToken } = options;
  assertNoteId(id);

  const [owner] = await queryRows<Owner>(noteOwnerSql(id));
  const byToken = deleteTokenMatches(deleteToken, owner?.delete_token_hash ?? null);
  const byKey = apiKey !== null && owner?.api_key_id === apiKey.id;
  if (!owner || !(byKey || byToken || isCreator(options.person, owner))) throw notFound();

  // A note that burned or expired since the lookup is not_found all the same.
  const [deleted] = await queryRows<NoteTraits>(deleteLiveNoteSql(id));
  if (!deleted) throw notFound();
  countNote("deleted", deleted);
  await discardFilesOf([id]);
}
