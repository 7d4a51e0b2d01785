import "server-only";
import { queryRows } from "../db";
import { discardFilesOf } from "../files/collect-files";
import { countNote, type NoteTraits } from "../metrics/metrics";
import { assertNoteId, notFound } from "../notes/note-id";
import { takeDownNoteSql } from "../notes/note-removal-sql";

type TakenDown = NoteTraits & {
  id: string;
  size_bytes: number;
  page_count: number;
  api_key_id: string | null;
};

/** Deletes a note and its content for good (moderation takedown). not_found when there is none. */
export async function takeDownNote(options: { id: string }): Promise<TakenDown> {
  assertNoteId(options.id);
  const [row] = await queryRows<TakenDown>(takeDownNoteSql(options.id));
  if (!row) throw notFound();
  countNote("deleted", row);
  await discardFilesOf([row.id]);
  return row;
}
