import { z } from "zod";
import { isFileName } from "./file-name";

// The `files` a create declares. An end-to-end note's files are sizes only: their names and types
// are sealed inside the note's envelope. A plain note's files carry name and type, which the server
// seals. Limits on count and sizes answer 413 later (file-limits.ts), once the key is known.

/**
 * A file name as people write them (isFileName, cli/lib/file-name.js): 1 to 255 UTF-8 bytes, which a
 * reader can save under in any folder without leaving it or writing a control character to a
 * terminal. 400 bad_file_name, whose message says which part of the rule the name breaks.
 */
const fileName = z
  .string({ error: "must be a string" })
  .min(1, "must not be empty")
  .max(255, "must be at most 255 UTF-8 bytes")
  .refine((name) => new TextEncoder().encode(name).length <= 255, {
    message: "must be at most 255 UTF-8 bytes",
  })
  .refine((name) => name !== "." && name !== "..", { message: "must not be . or .." })
  .refine(isFileName, { message: "must not contain / or \\ or control characters" });

const mimeType = z
  .string({ error: "must be a string" })
  .max(255, "must be at most 255 characters")
  .regex(
    /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i,
    "must be a MIME type such as application/pdf",
  );

const declaredFile = z.strictObject(
  {
    name: fileName.optional().describe("plain notes only: the file's name (sealed by the server)"),
    type: mimeType.optional().describe("plain notes only: its MIME type; default application/octet-stream"),
    size: z
      .int({ error: "must be a whole number of bytes" })
      .min(0, "must not be negative")
      .max(Number.MAX_SAFE_INTEGER, "is too large")
      .describe("the file's size in bytes (end-to-end: of its plaintext)"),
  },
  { error: "must be an object with size (and, on a plain note, name and type)" },
);

export const declaredFilesSchema = z
  .array(declaredFile, { error: "must be an array of files" })
  .min(1, "must have at least one file")
  .describe(
    "files uploaded after the create, in chunks (docs/files.md); the note is readable once all are complete",
  );

export type DeclaredFile = z.infer<typeof declaredFile>;

/** Where `files` does not fit the note: names travel only outside an end-to-end envelope. */
export function declaredFilesIssue(files: DeclaredFile[], encrypted: boolean): string | null {
  const index = files.findIndex((file) =>
    encrypted ? file.name !== undefined || file.type !== undefined : file.name === undefined,
  );
  if (index === -1) return null;
  return encrypted
    ? `file ${index}: an end-to-end note's file names and types are sealed inside its envelope; send size only`
    : `file ${index}: name is required on a plain note`;
}
