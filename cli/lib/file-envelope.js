// @ts-check
// The end-to-end envelope of a note's files, version 1: the one implementation that the web pages,
// the server's checks and the command-line client all import. Pure WebCrypto, like the note's
// envelope (cli/lib/envelope.js), so it runs unchanged in browsers and in Node 20+.
//
//   chunks    = the file's bytes cut into chunks of exactly 1 MiB (1,048,576 bytes), the last one
//               shorter or full; a file of n bytes has max(1, ceil(n / 1 MiB)) chunks, so an empty
//               file is one empty chunk, and no other file ends with an empty one
//   wire chunk= AES-256-GCM(chunk i) with its 16-byte tag: the chunk's length + 16 bytes, sent and
//               stored one by one; there is no header (what it would hold is in the note's envelope)
//   file key  = HKDF-SHA256(ikm, salt = the file's salt, info "notes-e2e file v1"), where ikm is
//               the note's envelope's (the link's key, or the link's key followed by the PBKDF2 of
//               the password that the envelope already stretched) and the salt is the file's own 16
//               random bytes, sealed in the note's envelope beside its name, type and size
//               (cli/lib/note-document.js)
//   nonce i   = the 11-byte big-endian i, then 0x01 for the file's last chunk, else 0x00
//   associated data = the ASCII text "notes-e2e file v1"
//
// This is the STREAM construction (Hoang, Reyhanitabar, Rogaway, Vizár 2015) as age instantiates it
// (its payload: a per-file key from HKDF with a 16-byte nonce as salt, 11-byte counter, last-chunk
// flag), with AES-256-GCM as Tink's AES-GCM-HKDF streaming AEAD has it, since WebCrypto has no
// ChaCha20-Poly1305. Tink's random 7-byte nonce prefix is not needed: every file has its own key.
// What each part stops:
//   - a chunk moved to another position: its nonce no longer matches, it fails to open
//   - the file cut after any full chunk: the chunk then read as the last was sealed as not last
//   - a chunk of another file, of this note or any other: another salt, another key
//   - a chunk appended after the last: the reader expects no more bytes than the sealed size says
//
// Every parameter is fixed by the version; a new choice is a new version.

import { encodeBase64url, decodeBase64url } from "./base64url.js";
import { regroup } from "./regroup.js";

/** The bytes of every chunk of a file but its last. */
export const FILE_CHUNK_BYTES = 1_048_576;
const tagBytes = 16;
const saltBytes = 16;
const label = "notes-e2e file v1";
const associatedData = new TextEncoder().encode(label);
const subtle = () => globalThis.crypto.subtle;

/**
 * Why a file's chunks could not be sealed or opened: `wrong_key` (the first chunk does not open:
 * the key is wrong, or that chunk was changed), `bad_chunk` (a later chunk does not open: changed,
 * moved, or from another file; or bytes past the file's end), `truncated` (the file ends before its
 * last chunk) or `size_mismatch` (sealing: the source gave more or fewer bytes than its size).
 */
export class FileEnvelopeError extends Error {
  /**
   * @param {"wrong_key" | "bad_chunk" | "truncated" | "size_mismatch"} reason
   * @param {string} message
   */
  constructor(reason, message) {
    super(message);
    this.name = "FileEnvelopeError";
    this.reason = reason;
  }
}

/** How many chunks a file of `size` bytes has: never none. */
export function chunkCount(/** @type {number} */ size) {
  return Math.max(1, Math.ceil(size / FILE_CHUNK_BYTES));
}

/**
 * The plaintext bytes of chunk `index` of a file of `size` bytes (what a client sends of a file the
 * server seals).
 * @param {number} size
 * @param {number} index
 */
export function plainChunkSize(size, index) {
  const count = chunkCount(size);
  if (!Number.isSafeInteger(index) || index < 0 || index >= count) {
    throw new RangeError(`a file of ${size} bytes has no chunk ${index}`);
  }
  return index < count - 1 ? FILE_CHUNK_BYTES : size - (count - 1) * FILE_CHUNK_BYTES;
}

/**
 * The bytes of wire chunk `index` of an end-to-end file of `size` bytes: its plaintext and the tag.
 * @param {number} size
 * @param {number} index
 */
export function wireChunkSize(size, index) {
  return plainChunkSize(size, index) + tagBytes;
}

/** A fresh salt for a file, as the note document holds it (base64url). */
export function newFileSalt() {
  return encodeBase64url(globalThis.crypto.getRandomValues(new Uint8Array(saltBytes)));
}

/**
 * The key of one file: from the key sealNote or openNoteWithFilesKey handed on, and the file's salt.
 * @param {CryptoKey} filesKey
 * @param {string} salt the file's salt, from the note document
 */
export function fileKey(filesKey, salt) {
  return subtle().deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: decodeBase64url(salt), info: associatedData },
    filesKey,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/**
 * @param {number} index
 * @param {boolean} isLast
 */
function nonce(index, isLast) {
  const bytes = new Uint8Array(12);
  const view = new DataView(bytes.buffer);
  // Bytes 0 to 2 stay zero: an index is below 2^53.
  view.setUint32(3, Math.floor(index / 2 ** 32));
  view.setUint32(7, index >>> 0);
  bytes[11] = isLast ? 1 : 0;
  return bytes;
}

/**
 * A file's plaintext chunks, from its bytes in pieces of any lengths (a file stream, a Blob's
 * stream): what a client sends of a file the server seals, and what encryptFileChunks seals.
 * @param {AsyncIterable<Uint8Array>} source
 * @param {number} size the file's bytes, declared before: the source must give exactly these
 */
export function splitFileChunks(source, size) {
  const mismatch = (/** @type {string} */ what) => () =>
    new FileEnvelopeError("size_mismatch", `the file has ${what} bytes than the ${size} it was to have`);
  return regroup(source, chunkCount(size), (index) => plainChunkSize(size, index), {
    short: mismatch("fewer"),
    long: mismatch("more"),
  });
}

/**
 * Seals a file chunk by chunk: yields its wire chunks, in order, taking no more of the source than
 * the chunk it seals.
 * @param {CryptoKey} key the file's key (fileKey)
 * @param {AsyncIterable<Uint8Array>} source the file's bytes, in pieces of any lengths
 * @param {number} size the file's bytes
 * @returns {AsyncGenerator<Uint8Array<ArrayBuffer>>}
 */
export async function* encryptFileChunks(key, source, size) {
  const last = chunkCount(size) - 1;
  let index = 0;
  for await (const chunk of splitFileChunks(source, size)) {
    const iv = nonce(index, index === last);
    const sealed = await subtle().encrypt(
      { name: "AES-GCM", iv, additionalData: associatedData },
      key,
      chunk,
    );
    yield new Uint8Array(sealed);
    index++;
  }
}

/**
 * @param {CryptoKey} key
 * @param {number} index
 * @param {boolean} isLast
 * @param {Uint8Array<ArrayBuffer>} bytes
 */
async function open(key, index, isLast, bytes) {
  try {
    const iv = nonce(index, isLast);
    return new Uint8Array(
      await subtle().decrypt({ name: "AES-GCM", iv, additionalData: associatedData }, key, bytes),
    );
  } catch {
    return null;
  }
}

/**
 * Opens wire chunk `index` of a file; throws FileEnvelopeError when it does not open as that chunk.
 * @param {CryptoKey} key the file's key (fileKey)
 * @param {number} index
 * @param {boolean} isLast whether the reader expects it to be the file's last chunk
 * @param {Uint8Array<ArrayBuffer>} bytes
 * @returns {Promise<Uint8Array<ArrayBuffer>>} its plaintext
 */
export async function decryptFileChunk(key, index, isLast, bytes) {
  const full = FILE_CHUNK_BYTES + tagBytes;
  if (bytes.length < tagBytes || bytes.length > full || (!isLast && bytes.length !== full)) {
    throw new FileEnvelopeError(
      "bad_chunk",
      `chunk ${index} has ${bytes.length} bytes, which no chunk there has`,
    );
  }
  const plaintext = await open(key, index, isLast, bytes);
  if (plaintext) return plaintext;
  if (await open(key, index, !isLast, bytes)) {
    throw isLast
      ? new FileEnvelopeError("truncated", `the file ends after chunk ${index}, which is not its last`)
      : new FileEnvelopeError("bad_chunk", `chunk ${index} is the file's last, and more follows`);
  }
  throw index === 0
    ? new FileEnvelopeError("wrong_key", "the file does not open: the key is wrong, or the file was changed")
    : new FileEnvelopeError("bad_chunk", `chunk ${index} does not open: it was changed, moved or swapped`);
}

/**
 * Opens a file from its wire chunks concatenated in pieces of any lengths (a download's body):
 * yields its plaintext chunk by chunk, and throws FileEnvelopeError as soon as something is wrong
 * (so a caller that writes the chunks out must discard what it wrote when that happens).
 * @param {CryptoKey} key the file's key (fileKey)
 * @param {AsyncIterable<Uint8Array>} source
 * @param {number} size the file's plaintext bytes, from the note document
 * @returns {AsyncGenerator<Uint8Array<ArrayBuffer>>}
 */
export async function* decryptFileChunks(key, source, size) {
  const count = chunkCount(size);
  const wire = regroup(source, count, (index) => wireChunkSize(size, index), {
    short: () => new FileEnvelopeError("truncated", `the file ends before its ${size} bytes`),
    long: () => new FileEnvelopeError("bad_chunk", `more bytes follow the file's ${size}`),
  });
  let index = 0;
  for await (const chunk of wire) {
    yield await decryptFileChunk(key, index, index === count - 1, chunk);
    index++;
  }
}
