import "server-only";
import { randomBase64 } from "../crypto/random-string";
import { hashSecret } from "../crypto/secret-hash";
import type { SealingKey } from "../crypto/seal";
import { queryRows } from "../db";
import { env } from "../env";
import { ApiError } from "../http/api-error";
import { openFileLabel } from "./file-sealing";
import { grantFilesSql } from "./file-sql";

// The read that consumes a view hands its reader the note's files: a grant token, valid for
// FILE_GRANT_SECONDS for this read only, in each file's download URL. Nobody else gets one.

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

/**
 * Grants the reader of `readId` the files of `filesId` (the note holding them), opening plain files'
 * names with `keys`, the keys that opened the note's pages.
 */
export async function grantFiles(options: {
  readId: string;
  filesId: string;
  keys: readonly SealingKey[];
}): Promise<GrantedFile[]> {
  const { readId, filesId, keys } = options;
  const grant = randomBase64(32, "url");
  const rows = await queryRows<FileRow>(
    grantFilesSql(readId, filesId, hashSecret(grant), env.FILE_GRANT_SECONDS),
  );
  return rows.map((row) => {
    const label =
      row.name !== null && row.type !== null
        ? openFileLabel(keys, filesId, row.file_index, { name: row.name, type: row.type })
        : null;
    return { index: row.file_index, size: row.size, ...label, grant };
  });
}

/** A file's download URL, carrying the read's grant. */
export const downloadUrl = (baseUrl: string, id: string, file: GrantedFile) =>
  `${baseUrl}/api/v1/shares/${id}/files/${file.index}?grant=${file.grant}`;
