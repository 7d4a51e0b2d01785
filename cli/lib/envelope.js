// @ts-check
// The end-to-end envelope of a note, version 1: the one implementation that the web pages, the
// server's checks and the command-line client all import. Pure WebCrypto (globalThis.crypto), so it
// runs unchanged in browsers and in Node 20+.
//
//   envelope  = "v1." mode "." salt "." iv "." ciphertext        (every part base64url, no padding)
//   mode      = "key"            the link's key alone opens it
//             | "key+password"   the link's key and the note's password, together, open it
//   salt      = 16 random bytes, iv = 12 random bytes
//   ciphertext= AES-256-GCM(plaintext) with its 16-byte tag, associated data = the header
//               "v1.<mode>.<salt>.<iv>", so no part of it can be changed without failing to open
//   key       = 32 random bytes in the link's fragment (/<id>#<key>); it never reaches the server
//   AES key   = HKDF-SHA256(ikm, salt, info "notes-e2e v1 <mode>"), where ikm is the link's key, or
//               the link's key followed by PBKDF2-SHA256(password, salt, 600,000 iterations, 32 bytes)
//   password  = UTF-8 of its Unicode NFC form, as the server's scrypt check takes it, so "café" typed
//               with a combining accent opens what was sealed with a precomposed one (envelopes sealed
//               before this took the password as typed: opening tries that spelling too)
//   plaintext = UTF-8 JSON {"pages": [{"title", "content", "format"}, …], "files": […]} (the note
//               document: cli/lib/note-document.js)
//   files key = the same ikm, under each file's own salt (cli/lib/file-envelope.js): sealNote and
//               openNoteWithFilesKey hand it on, so a password note stretches its password once
//
// Beside the envelope, the key proof: HKDF-SHA256(the link's key, no salt, info "notes-e2e key-proof
// v1"), 32 bytes, base64url. The client sends it when it creates the note, and the server keeps only
// its hash; every read must present it, so a link without its key (truncated, logged, stripped by a
// scanner) cannot spend a view. HKDF's outputs under different infos are independent: the proof
// tells nothing of the key or of the AES key. It depends on the link's key alone, never on the
// envelope, because a reader must send it before it has the envelope.
//
// Every parameter is fixed by the version: an envelope cannot ask for fewer iterations or another
// cipher, and a new choice is a new version.

import { decodeBase64url as decode, encodeBase64url as encode } from "./base64url.js";
import { documentOf, parseDocument } from "./note-document.js";

const version = "v1";
const saltBytes = 16;
const ivBytes = 12;
const keyBytes = 32;
const tagBytes = 16;
const pbkdf2Iterations = 600_000;
const modes = /** @type {const} */ (["key", "key+password"]);
const keyProofInfo = "notes-e2e key-proof v1";

/** @typedef {(typeof modes)[number]} Mode */
/** @typedef {import("./note-document.js").NotePageText} NotePageText */
/** @typedef {import("./note-document.js").NoteFile} NoteFile */
/** @typedef {import("./note-document.js").NoteDocument} NoteDocument */

/**
 * Why an envelope could not be opened: `bad_key` (the link's key is missing or malformed),
 * `bad_envelope` (not a version 1 envelope), `needs_password`, `wrong_key` (the key or password is
 * wrong, or the envelope was changed) or `bad_document` (it opened, but holds no note).
 */
export class EnvelopeError extends Error {
  /**
   * @param {"bad_key" | "bad_envelope" | "needs_password" | "wrong_key" | "bad_document"} reason
   * @param {string} message
   */
  constructor(reason, message) {
    super(message);
    this.name = "EnvelopeError";
    this.reason = reason;
  }
}

const base64url = "[A-Za-z0-9_-]";
// 43 characters carry 258 bits: the last one may only use its top 4 bits, so each key has one spelling.
const keyPattern = new RegExp(`^${base64url}{42}[AEIMQUYcgkosw048]$`);
const envelopePattern = new RegExp(
  `^${version}\\.(${modes.map((mode) => mode.replace("+", "\\+")).join("|")})\\.(${base64url}{22})\\.(${base64url}{16})\\.(${base64url}{22,})$`,
);

/** @param {number} length */
const randomBytes = (length) => globalThis.crypto.getRandomValues(new Uint8Array(length));
const utf8 = new TextEncoder();
const subtle = () => globalThis.crypto.subtle;

/** True when `key` is a link key as sealNote makes them: 43 base64url characters, 256 bits. */
export function isWellFormedKey(/** @type {unknown} */ key) {
  return typeof key === "string" && keyPattern.test(key);
}

/** True when `proof` has the shape of a key proof as keyProof makes them (whether it is right is another matter). */
export function isWellFormedKeyProof(/** @type {unknown} */ proof) {
  return isWellFormedKey(proof);
}

/** True when `envelope` has the shape of a version 1 envelope (whether it opens is another matter). */
export function isWellFormedEnvelope(/** @type {unknown} */ envelope) {
  if (typeof envelope !== "string") return false;
  const match = envelopePattern.exec(envelope);
  // A base64url text of n bytes is never 1 character longer than a multiple of 4.
  return match !== null && match[4] !== undefined && match[4].length % 4 !== 1;
}

/**
 * The ikm every key of a note comes from (see the top of this file), as a key that only derives:
 * nothing can read it back.
 * @param {Uint8Array<ArrayBuffer>} key the link's 32 bytes
 * @param {Mode} mode
 * @param {Uint8Array<ArrayBuffer>} salt
 * @param {string | undefined} password
 * @returns {Promise<CryptoKey>}
 */
async function noteIkm(key, mode, salt, password) {
  let ikm = key;
  if (mode === "key+password") {
    const passwordKey = await subtle().importKey("raw", utf8.encode(password), "PBKDF2", false, [
      "deriveBits",
    ]);
    const stretched = await subtle().deriveBits(
      { name: "PBKDF2", hash: "SHA-256", salt, iterations: pbkdf2Iterations },
      passwordKey,
      keyBytes * 8,
    );
    ikm = new Uint8Array(keyBytes * 2);
    ikm.set(key);
    ikm.set(new Uint8Array(stretched), keyBytes);
  }
  return subtle().importKey("raw", ikm, "HKDF", false, ["deriveKey"]);
}

/**
 * @param {CryptoKey} ikm
 * @param {Mode} mode
 * @param {Uint8Array<ArrayBuffer>} salt
 */
function aesKey(ikm, mode, salt) {
  return subtle().deriveKey(
    { name: "HKDF", hash: "SHA-256", salt, info: utf8.encode(`notes-e2e ${version} ${mode}`) },
    ikm,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/**
 * The key proof of a link's key (see the top of this file): what a reader sends with every read of an
 * end-to-end note, and whose hash the server keeps.
 * @param {string} key the link's key, as in the fragment
 */
export async function keyProof(key) {
  if (!isWellFormedKey(key)) throw new EnvelopeError("bad_key", "The link's key is missing or malformed.");
  const base = await subtle().importKey("raw", decode(key), "HKDF", false, ["deriveBits"]);
  const proof = await subtle().deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: utf8.encode(keyProofInfo) },
    base,
    keyBytes * 8,
  );
  return encode(new Uint8Array(proof));
}

/**
 * Seals a note (text: one Markdown page; or a document of pages, and of files) under a fresh random
 * key. With a password, the envelope opens only with the key and the password together.
 * @param {string | NoteDocument} note
 * @param {{ password?: string }} [options]
 * @returns {Promise<{ envelope: string, key: string, keyProof: string, filesKey: CryptoKey }>} the
 *   envelope and key proof to send, the key for the link's fragment, and the key the note's files
 *   are sealed under (fileKey in cli/lib/file-envelope.js)
 */
export async function sealNote(note, options = {}) {
  const password = options.password ? options.password.normalize("NFC") : undefined;
  /** @type {Mode} */
  const mode = password === undefined ? "key" : "key+password";
  const key = randomBytes(keyBytes);
  const salt = randomBytes(saltBytes);
  const iv = randomBytes(ivBytes);
  const header = `${version}.${mode}.${encode(salt)}.${encode(iv)}`;
  const plaintext = utf8.encode(JSON.stringify(documentOf(note)));
  const filesKey = await noteIkm(key, mode, salt, password);
  const ciphertext = await subtle().encrypt(
    { name: "AES-GCM", iv, additionalData: utf8.encode(header), tagLength: tagBytes * 8 },
    await aesKey(filesKey, mode, salt),
    plaintext,
  );
  const linkKey = encode(key);
  return {
    envelope: `${header}.${encode(new Uint8Array(ciphertext))}`,
    key: linkKey,
    keyProof: await keyProof(linkKey),
    filesKey,
  };
}

/**
 * Opens an envelope with the link's key (and the note's password, when it was sealed with one), and
 * hands on the key its files are sealed under, so that they need no second password stretching.
 * Throws EnvelopeError when it cannot; a changed envelope fails like a wrong key.
 * @param {string} envelope
 * @param {string} key
 * @param {string} [password]
 * @returns {Promise<{ document: NoteDocument, filesKey: CryptoKey }>}
 */
export async function openNoteWithFilesKey(envelope, key, password) {
  if (!isWellFormedKey(key)) {
    throw new EnvelopeError("bad_key", "The link's key is missing or malformed.");
  }
  const match = isWellFormedEnvelope(envelope) ? envelopePattern.exec(envelope) : null;
  if (!match) throw new EnvelopeError("bad_envelope", "This is not an encrypted note this client knows.");
  const [, mode, salt = "", iv = "", ciphertext = ""] = match;
  if (mode === "key+password" && !password) {
    throw new EnvelopeError("needs_password", "This note's encryption needs its password as well.");
  }
  const header = envelope.slice(0, envelope.length - ciphertext.length - 1);
  // The NFC spelling first (every envelope sealed since), then the password as typed, which is how
  // envelopes sealed before normalisation took it.
  const spellings =
    mode === "key+password" && password
      ? [...new Set([password.normalize("NFC"), password])]
      : [/** @type {string | undefined} */ (undefined)];
  for (const spelling of spellings) {
    const filesKey = await noteIkm(decode(key), /** @type {Mode} */ (mode), decode(salt), spelling);
    /** @type {ArrayBuffer} */
    let plaintext;
    try {
      plaintext = await subtle().decrypt(
        { name: "AES-GCM", iv: decode(iv), additionalData: utf8.encode(header), tagLength: tagBytes * 8 },
        await aesKey(filesKey, /** @type {Mode} */ (mode), decode(salt)),
        decode(ciphertext),
      );
    } catch {
      continue;
    }
    const document = parseDocument(new Uint8Array(plaintext));
    if (!document) {
      throw new EnvelopeError("bad_document", "The note opened, but its text is not a note document.");
    }
    return { document, filesKey };
  }
  throw new EnvelopeError(
    "wrong_key",
    "The note could not be decrypted: the link's key (or the password) is wrong, or the note was changed.",
  );
}

/**
 * Opens an envelope (openNoteWithFilesKey) and answers its note document alone.
 * @param {string} envelope
 * @param {string} key
 * @param {string} [password]
 * @returns {Promise<NoteDocument>}
 */
export async function openNote(envelope, key, password) {
  return (await openNoteWithFilesKey(envelope, key, password)).document;
}
