// @ts-check
// A file's name, as senders write it, as readers are shown it and as it is saved: one module for the
// client, the pages and the server's check (lib/files/file-schemas.ts). A name comes from whoever
// sent the file, so it is made harmless before anyone sees or saves it:
//
//   - separators and control characters (/, \, U+0000-U+001F, U+007F-U+009F) become "_", so that a
//     name never leaves the chosen folder nor writes to a terminal; a lone surrogate becomes U+FFFD;
//   - bidirectional controls are removed: "report\u202Efdp.exe" would show as "reportexe.pdf";
//   - it is cut to 255 UTF-8 bytes (what Linux and most file systems allow), on a character
//     boundary, keeping its extension;
//   - an empty name, "." or ".." becomes file-<index>;
//   - saved, a name starting with a dot gets a leading "_" (".profile" is saved as "_.profile"), so
//     that it is neither hidden nor the dotfile of the folder it lands in.

/** Linux's limit on one name (NAME_MAX), in bytes. */
const maxNameBytes = 255;
/** An extension longer than this is no extension, and is cut like the rest of the name. */
const maxExtensionBytes = 32;
const forbiddenInName = /[/\\\p{Cc}]/u;
const everyForbiddenInName = new RegExp(forbiddenInName.source, "gu");
/** Embeddings, overrides, isolates and marks (U+202A-U+202E, U+2066-U+2069, U+200E/F, U+061C). */
const bidiControls = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

const encoder = new TextEncoder();
/** @param {string} text */
const utf8Bytes = (text) => encoder.encode(text).length;

/**
 * `text` cut to at most `maxBytes` UTF-8 bytes, never inside a character.
 * @param {string} text
 * @param {number} maxBytes
 */
function cutToBytes(text, maxBytes) {
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const size = utf8Bytes(char);
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += char.length;
  }
  return text.slice(0, end);
}

/**
 * `name` followed by `suffix` (before its extension: "report (1).pdf") in at most 255 UTF-8 bytes:
 * the stem is cut, the extension and the suffix kept.
 * @param {string} name
 * @param {string} [suffix]
 */
export function fittedFileName(name, suffix = "") {
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 && utf8Bytes(name.slice(dot)) <= maxExtensionBytes ? name.slice(dot) : "";
  const stem = name.slice(0, name.length - extension.length);
  return `${cutToBytes(stem, maxNameBytes - utf8Bytes(suffix + extension))}${suffix}${extension}`;
}

/**
 * True when `name` may be a file's name as a sender writes it: 1 to 255 UTF-8 bytes, well formed,
 * no / or \ or control character, not . or .. (what a reader can save in any folder without leaving
 * it or writing a control character to a terminal).
 */
export function isFileName(/** @type {unknown} */ name) {
  return (
    typeof name === "string" &&
    name.length >= 1 &&
    utf8Bytes(name) <= maxNameBytes &&
    name !== "." &&
    name !== ".." &&
    !forbiddenInName.test(name) &&
    name.isWellFormed()
  );
}

/**
 * `name` as readers are shown it, and as isFileName accepts it, for the file at `index`: made
 * harmless as the top of this file says (all but the leading "_").
 * @param {string} name
 * @param {number} index
 */
export function savableFileName(name, index) {
  const clean = name.toWellFormed().replace(bidiControls, "").replace(everyForbiddenInName, "_");
  const safe = fittedFileName(clean);
  return safe === "" || safe === "." || safe === ".." ? `file-${index}` : safe;
}

/**
 * The name file `index` is saved under (the command-line client's --save, a page's download): the
 * name shown, with a leading "_" when it starts with a dot.
 * @param {string} name
 * @param {number} index
 */
export function savedFileName(name, index) {
  const shown = savableFileName(name, index);
  return shown.startsWith(".") ? fittedFileName(`_${shown}`) : shown;
}
