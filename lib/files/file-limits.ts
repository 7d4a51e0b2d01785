import { env } from "../env";
import { ApiError } from "../http/api-error";
import { MiB } from "../byte-units";

// How files are cut into chunks, and the limits on what a note may declare. Every chunk but the
// last holds exactly fileChunkBytes of the file; a file of n bytes has max(1, ceil(n / 1 MiB)) of
// them (an empty file is one empty chunk). An end-to-end chunk travels and rests as AES-256-GCM
// ciphertext, 16 bytes longer; a server-sealed file's chunks travel as plaintext.

export const fileChunkBytes = MiB;
/** What AES-256-GCM adds to each end-to-end chunk. */
const e2eChunkOverhead = 16;
/** The longest chunk any upload may send: a full end-to-end chunk. */
export const maxWireChunkBytes = fileChunkBytes + e2eChunkOverhead;

export function chunkCount(size: number): number {
  return Math.max(1, Math.ceil(size / fileChunkBytes));
}

/** The exact length of chunk `index` on the wire. */
export function wireChunkSize(file: { size: number; encrypted: boolean }, index: number): number {
  const plain = Math.min(fileChunkBytes, file.size - index * fileChunkBytes);
  return plain + (file.encrypted ? e2eChunkOverhead : 0);
}

/** The whole file on the wire: what a download's Content-Length says. */
export function wireFileSize(file: { size: number; encrypted: boolean }): number {
  return file.size + (file.encrypted ? chunkCount(file.size) * e2eChunkOverhead : 0);
}

const inMib = (bytes: number) => `${Math.round((bytes / fileChunkBytes) * 100) / 100} MiB`;

/** The limits on a create's files: keyless creates may have lower ones. The create page shows them too. */
export function fileLimits(keyed: boolean) {
  return {
    maxCount: env.MAX_FILE_COUNT,
    maxFileBytes: (keyed ? undefined : env.KEYLESS_FILE_MAX_BYTES) ?? env.FILE_MAX_BYTES,
    maxTotalBytes: (keyed ? undefined : env.KEYLESS_FILES_MAX_TOTAL_BYTES) ?? env.FILES_MAX_TOTAL_BYTES,
  };
}

/** Refuses declared files over the limits, before anything is stored. */
export function checkFileLimits(sizes: number[], keyed: boolean): void {
  const { maxFileBytes: maxFile, maxTotalBytes: maxTotal } = fileLimits(keyed);
  if (sizes.length > env.MAX_FILE_COUNT) {
    throw new ApiError(
      "too_many_files",
      `A note may carry at most ${env.MAX_FILE_COUNT} files; this one declares ${sizes.length}.`,
    );
  }
  const largest = sizes.findIndex((size) => size > maxFile);
  if (largest !== -1) {
    throw new ApiError(
      "file_too_large",
      `File ${largest} is ${sizes[largest]} bytes; the limit is ${maxFile} bytes (${inMib(maxFile)}) per file.`,
    );
  }
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total > maxTotal) {
    throw new ApiError(
      "files_too_large",
      `The files are ${total} bytes together; the limit is ${maxTotal} bytes (${inMib(maxTotal)}) per note.`,
    );
  }
}
