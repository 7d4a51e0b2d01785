import "server-only";
import { queryRows } from "../db";
import {
  deleteAbandonedAnswersSql,
  deleteAbandonedNotesSql,
  endGrantsOfGoneNotesSql,
  forgetFilesSql,
  purgeExpiredGrantsSql,
  unkeptFilesSql,
} from "./collect-files-sql";
import { giveBackFileBudget, type FilePayer } from "./file-budget";
import { fileStore } from "./file-store";

// Files go when nothing keeps them: their note was deleted, taken down, expired, abandoned before
// its upload finished, or burned and the last read's grant has expired; or their answer was deleted
// or abandoned, or its request deleted, taken down or expired. Their chunks are deleted
// from the store first and their rows after, so a store that fails leaves them to the next run.

const batchSize = 100;

/**
 * Deletes the chunks and rows of every file nothing keeps (only those of the notes or requests
 * `ownerIds`, when given) and says how many files went; then forgets expired grants.
 */
export async function collectFiles(ownerIds: string[] | null = null): Promise<number> {
  let collected = 0;
  for (;;) {
    const rows = await queryRows<{ id: string }>(unkeptFilesSql(batchSize, ownerIds));
    const ids = rows.map((row) => row.id);
    if (ids.length > 0) {
      await (await fileStore()).deleteFiles(ids);
      await queryRows(forgetFilesSql(ids));
    }
    collected += ids.length;
    if (ids.length < batchSize) break;
  }
  await queryRows(purgeExpiredGrantsSql());
  return collected;
}

/**
 * Deletes notes and answers whose files were not all uploaded within UPLOAD_EXPIRY, and gives their
 * files' declared bytes back to the budgets they were charged to; their files follow. Says how many
 * notes and answers went.
 */
export async function purgeAbandonedUploads(): Promise<number> {
  let deleted = 0;
  for (const statement of [deleteAbandonedNotesSql, deleteAbandonedAnswersSql]) {
    for (;;) {
      const [row] = await queryRows<{ deleted: number; charges: { payer: FilePayer; bytes: number }[] }>(
        statement(batchSize),
      );
      await giveBackFileBudget(row?.charges ?? []);
      deleted += row?.deleted ?? 0;
      if ((row?.deleted ?? 0) < batchSize) break;
    }
  }
  return deleted;
}

/**
 * After a note was deleted (its owner, a moderator): its grants end and its files' chunks go at
 * once. `filesIds` are the notes that may have held files (a deleted link's own id holds none).
 */
export async function discardFilesOf(filesIds: string[]): Promise<void> {
  await queryRows(endGrantsOfGoneNotesSql(filesIds));
  await collectFiles(filesIds);
}
