// @ts-check
// The plaintext that a note's envelope seals (cli/lib/envelope.js), as UTF-8 JSON:
//
//   {"pages": [{"title", "content", "format": "markdown" | "html"}, …],
//    "files": [{"name", "type", "size", "salt"}, …]}
//
//   pages = 1 to 100; none ("pages": []) only when the note carries files
//   files = optional; when present, 1 or more in upload order (the index of each in the API), each
//           with its name (a string; senders write 1 to 255 UTF-8 bytes, well formed, no / or
//           \, no control characters, not . or ..: isFileName, cli/lib/file-name.js), its
//           MIME type, its size in bytes and its own salt (16 bytes, base64url): the salt makes its
//           key (cli/lib/file-envelope.js), so no two files of a note may share one
//
// Anything else in the JSON is dropped on opening; a document that breaks a rule does not open. Any
// name is made harmless on opening (savableFileName): a hostile sender's reaches nobody's screen or
// disk as sent, and the reader still gets the note and its files.

import { savableFileName } from "./file-name.js";

const maxPages = 100;
const formats = ["markdown", "html"];
// A MIME type's restricted names (RFC 6838 §4.2), without parameters, in at most 255 characters.
const typePattern = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;
const maxTypeLength = 255;
// 16 bytes in 22 base64url characters: the last one carries only 2 bits, so each salt has one spelling.
const saltPattern = /^[A-Za-z0-9_-]{21}[AQgw]$/;

/** @typedef {{ title: string, content: string, format: "markdown" | "html" }} NotePageText */
/** @typedef {{ name: string, type: string, size: number, salt: string }} NoteFile */
/** @typedef {{ pages: NotePageText[], files?: NoteFile[] }} NoteDocument */

/** True when `type` is a MIME type (type/subtype, no parameters). */
export function isFileType(/** @type {unknown} */ type) {
  return typeof type === "string" && type.length <= maxTypeLength && typePattern.test(type);
}

/** @param {string | NoteDocument} note */
export function documentOf(note) {
  return typeof note === "string" ? { pages: [{ title: "", content: note, format: "markdown" }] } : note;
}

/** @param {unknown} value */
function isPage(value) {
  if (typeof value !== "object" || value === null) return false;
  const { title, content, format } = /** @type {Record<string, unknown>} */ (value);
  return typeof title === "string" && typeof content === "string" && formats.includes(String(format));
}

/** @param {unknown} value */
function isFile(value) {
  if (typeof value !== "object" || value === null) return false;
  const { name, type, size, salt } = /** @type {Record<string, unknown>} */ (value);
  return (
    typeof name === "string" &&
    isFileType(type) &&
    Number.isSafeInteger(size) &&
    Number(size) >= 0 &&
    typeof salt === "string" &&
    saltPattern.test(salt)
  );
}

/**
 * True when `files` is absent, or a list of files each with a valid name, type, size and its own salt.
 * @param {unknown} files
 */
export function areFiles(files) {
  if (files === undefined) return true;
  if (!Array.isArray(files) || files.length === 0 || !files.every(isFile)) return false;
  return new Set(files.map((file) => file.salt)).size === files.length;
}

/**
 * The note document in an envelope's plaintext, holding only the fields above; null when the
 * plaintext is not one.
 * @param {Uint8Array} plaintext
 * @returns {NoteDocument | null}
 */
export function parseDocument(plaintext) {
  /** @type {unknown} */
  let parsed;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(plaintext));
  } catch {
    return null;
  }
  const { pages, files } = /** @type {{ pages?: unknown, files?: unknown }} */ (parsed ?? {});
  const fewestPages = files === undefined ? 1 : 0;
  if (!Array.isArray(pages) || pages.length < fewestPages || pages.length > maxPages) return null;
  if (!pages.every(isPage) || !areFiles(files)) return null;
  return {
    pages: pages.map(({ title, content, format }) => ({ title, content, format })),
    ...(Array.isArray(files) && {
      files: files.map(({ name, type, size, salt }, index) => ({
        name: savableFileName(name, index),
        type,
        size,
        salt,
      })),
    }),
  };
}
