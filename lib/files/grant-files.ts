import "server-only";
import { randomBase64 } from "../crypto/random-string";
import { hashSecret } from "../crypto/secret-hash";
import type { SealingKey } from "../crypto/seal";
import { queryRows } from "../db";
import { env } from "../env";
import { ApiError } from "../http/api-error";
import { openFileLabel } from "./file-sealing";
import { filesOfGrantSql, grantFilesSql, type ReadGrant } from "./file-sql";

// The read that consumes a view hands its reader the note's files: a grant token, valid for
// FILE_GRANT_SECONDS for this read only, in each file's download URL. Nobody else gets one. The
// grant is stored by the consuming statement itself (grantFilesCte); a retry answered from a kept
// answer, which spends no view, gets one of its own.

export type GrantedFile = { index: number; size: number; name?: string; type?: string; grant: string };

type FileRow = {
  file_index: number;
  size: number;
  name: string | null;
  type: string | null;
  sealed_by: string | null;
};

export const filesIncomplete = () =>
  new ApiError(
    "files_incomplete",
    "This note's files are still being uploaded; it can be read once they are complete. No view was spent.",
  );

export type ReadGrantToken = ReadGrant & { token: string };

/** A new grant for a read: the token for the reader, its hash for the statement. */
export function newReadGrant(): ReadGrantToken {
  const token = randomBase64(32, "url");
  return { token, tokenHash: hashSecret(token), seconds: env.FILE_GRANT_SECONDS };
}

/**
 * The rows of the files `grant` opens, the consuming statement's; or, when that statement did not
 * run (the answer was another request's, kept), of a grant made now.
 */
async function grantRows(
  readId: string,
  filesId: string,
  grant: ReadGrantToken | null,
): Promise<{ token: string; rows: FileRow[] }> {
  if (grant) {
    const rows = await queryRows<FileRow>(filesOfGrantSql(grant.tokenHash));
    if (rows.length > 0) return { token: grant.token, rows };
  }
  const made = newReadGrant();
  const rows = await queryRows<FileRow>(grantFilesSql(readId, filesId, made.tokenHash, made.seconds));
  return { token: made.token, rows };
}

/**
 * The files of `filesId` (the note holding them) granted to the reader of `readId`, plain files'
 * names opened with `keys`, the keys that opened the note's pages.
 */
export async function grantedFiles(options: {
  readId: string;
  filesId: string;
  keys: readonly SealingKey[];
  grant: ReadGrantToken | null;
}): Promise<GrantedFile[]> {
  const { readId, filesId, keys } = options;
  const { token, rows } = await grantRows(readId, filesId, options.grant);
  return rows.map((row) => {
    const label =
      row.name !== null && row.type !== null
        ? openFileLabel(keys, filesId, row.file_index, { name: row.name, type: row.type })
        : null;
    return { index: row.file_index, size: row.size, ...label, grant: token };
  });
}

/** A file's download URL, carrying the read's grant. */
export const downloadUrl = (baseUrl: string, id: string, file: GrantedFile) =>
  `${baseUrl}/api/v1/shares/${id}/files/${file.index}?grant=${file.grant}`;
