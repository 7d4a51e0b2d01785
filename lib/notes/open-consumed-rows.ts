import "server-only";
import { SealError, type SealingKey } from "../crypto/seal";
import { env } from "../env";
import { grantedFiles, type GrantedFile, type ReadGrantToken } from "../files/grant-files";
import { ApiError } from "../http/api-error";
import { writeLogLine } from "../process/log-line";
import { openPage, type StoredPageText } from "./note-sealing";
import type { NewPage } from "./note-sql";

// What a read returns: consumeNoteSql's rows folded into the note, its pages opened, and its files
// with this read's download grant.

type ReadPageRow = Omit<NewPage, "sealed_by">;

export type ReadNoteRow = {
  id: string;
  created_at: Date;
  expires_at: Date | null;
  burn_after: number | null;
  read_count: number;
  burned: boolean;
  multi_page: boolean;
  encrypted: boolean;
  /** the note holding the content (a recipient's link: its owner) and how many files it has */
  sealed_as: string;
  file_count: number;
  pages: ReadPageRow[];
  /** a note with files: each with this read's download grant */
  files?: GrantedFile[];
};

/**
 * One row of consumeNoteSql: the note's columns repeated beside each page, and the id its pages are
 * sealed under (a recipient's link reads its owner's pages).
 */
export type ConsumedRow = Omit<ReadNoteRow, "pages"> & ReadPageRow & StoredPageText & { sealed_as: string };

/**
 * Folds consumeNoteSql's rows into the note and its opened pages (null: nothing was consumed). HTML
 * kept as written is passed on only while the server runs with HTML_MODE=trusted.
 */
function foldConsumedRows(rows: ConsumedRow[], keys: readonly SealingKey[]): ReadNoteRow | null {
  const first = rows[0];
  if (!first) return null;
  const keepRawHtml = env.HTML_MODE === "trusted";
  const { id, created_at, expires_at, burn_after, read_count, burned, multi_page, encrypted, sealed_as } =
    first;
  const opened = rows.map((row) => openPage(keys, row.sealed_as, row));
  const pages = opened.map(({ page_index, title, content, content_type, html, raw_html }) => ({
    page_index,
    title,
    content,
    content_type,
    html,
    raw_html: keepRawHtml ? raw_html : null,
  }));
  const note = { id, created_at, expires_at, burn_after, read_count, burned, multi_page, encrypted };
  return { ...note, sealed_as, file_count: first.file_count ?? 0, pages };
}

/**
 * Opens the consumed rows; a page that does not open (altered in the database, or damaged) is a
 * clear error rather than a 500. The view is counted by then: the statement that consumes it has
 * committed, and opening inside its transaction would cost every read two more round trips
 * (docs/decisions.md, "A tampered page").
 */
export async function openConsumedRows(
  rows: ConsumedRow[],
  keys: readonly SealingKey[],
  grant: ReadGrantToken | null = null,
): Promise<ReadNoteRow | null> {
  try {
    const read = foldConsumedRows(rows, keys);
    if (!read?.file_count) return read;
    return { ...read, files: await grantedFiles({ readId: read.id, filesId: read.sealed_as, keys, grant }) };
  } catch (error) {
    if (!(error instanceof SealError)) throw error;
    writeLogLine({
      level: "error",
      msg: "a read met a sealed page that does not open (altered or damaged): answered note_unreadable",
    });
    throw new ApiError(
      "note_unreadable",
      "This note's stored text does not open with the server's keys: it was altered or damaged in the database.",
    );
  }
}
