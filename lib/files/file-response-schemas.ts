import { z } from "zod";

// The shapes of the files parts of the notes API's answers and of the files routes' own answers
// (lib/notes/note-response-schemas.ts gathers the parts into the note responses).

const unixSeconds = z.int().min(0).describe("Unix time in seconds");
const fileIndex = z.int().min(0);
const size = z.int().min(0).describe("bytes (an end-to-end file: of its plaintext)");
const chunks = z
  .int()
  .min(1)
  .describe("chunks of chunk_bytes (the last may be shorter; an empty file: one empty chunk)");

export const createdFilesFields = {
  upload_token: z
    .string()
    .optional()
    .describe("with files only, shown once: send as X-Upload-Token with every chunk until all are uploaded"),
  upload_expires_at: unixSeconds
    .optional()
    .describe("with files only: a note not completely uploaded by then is deleted with its chunks"),
  files: z
    .array(
      z.strictObject({
        index: fileIndex,
        size,
        chunks,
        chunk_bytes: z.int().describe("plaintext bytes per chunk (1 MiB)"),
        upload_url: z.url().describe("PUT <upload_url>/chunks/<n> each chunk in order; GET it to resume"),
      }),
    )
    .optional()
    .describe("with files only: the declared files, in order; the note is readable once all are uploaded"),
};

export const metaFilesFields = {
  file_count: z.int().min(1).optional().describe("notes with files only: how many"),
  files_pending: z
    .boolean()
    .optional()
    .describe("notes with files only: true until every file is uploaded (reads answer files_incomplete)"),
};

export const readFilesField = {
  files: z
    .array(
      z.strictObject({
        index: fileIndex,
        size,
        name: z.string().optional().describe("plain notes only (an end-to-end note's are in its envelope)"),
        type: z.string().optional().describe("plain notes only"),
        download_url: z
          .url()
          .describe("GET it within FILE_GRANT_SECONDS of this read (as often as needed): the file's bytes"),
      }),
    )
    .optional()
    .describe("notes with files only"),
};

export const uploadStatusResponseSchema = z.strictObject({
  index: fileIndex,
  size,
  chunks,
  received: z.int().min(0).describe("chunks stored: the next to send is this one"),
});
