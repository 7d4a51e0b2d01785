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
//   plaintext = UTF-8 JSON {"pages": [{"title", "content", "format": "markdown" | "html"}, …]}
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

const version = "v1";
const saltBytes = 16;
const ivBytes = 12;
const keyBytes = 32;
const tagBytes = 16;
const pbkdf2Iterations = 600_000;
const maxPages = 100;
const modes = /** @type {const} */ (["key", "key+password"]);
const formats = ["markdown", "html"];
const keyProofInfo = "notes-e2e key-proof v1";

/** @typedef {(typeof modes)[number]} Mode */
/** @typedef {{ title: string, content: string, format: "markdown" | "html" }} NotePageText */
/** @typedef {{ pages: NotePageText[] }} NoteDocument */

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

/** Base64url without padding (shared with request-envelope.js). @param {Uint8Array} bytes */
export function encode(bytes) {
  let binary = "";
  // In slices: String.fromCharCode with half a megabyte of arguments would overflow the stack.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {string} text */
export function decode(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

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
 * @param {Uint8Array<ArrayBuffer>} key the link's 32 bytes
 * @param {Mode} mode
 * @param {Uint8Array<ArrayBuffer>} salt
 * @param {string | undefined} password
 */
async function aesKey(key, mode, salt, password) {
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
  const base = await subtle().importKey("raw", ikm, "HKDF", false, ["deriveKey"]);
  return subtle().deriveKey(
    { name: "HKDF", hash: "SHA-256", salt, info: utf8.encode(`notes-e2e ${version} ${mode}`) },
    base,
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

/** @param {string | NoteDocument} note */
function documentOf(note) {
  return typeof note === "string" ? { pages: [{ title: "", content: note, format: "markdown" }] } : note;
}

/**
 * Seals a note (text: one Markdown page; or a document of pages) under a fresh random key. With a
 * password, the envelope opens only with the key and the password together.
 * @param {string | NoteDocument} note
 * @param {{ password?: string }} [options]
 * @returns {Promise<{ envelope: string, key: string, keyProof: string }>} the envelope and key proof to
 *   send, the key for the link's fragment
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
  const ciphertext = await subtle().encrypt(
    { name: "AES-GCM", iv, additionalData: utf8.encode(header), tagLength: tagBytes * 8 },
    await aesKey(key, mode, salt, password),
    plaintext,
  );
  const linkKey = encode(key);
  return {
    envelope: `${header}.${encode(new Uint8Array(ciphertext))}`,
    key: linkKey,
    keyProof: await keyProof(linkKey),
  };
}

/** @param {unknown} value */
function isPage(value) {
  if (typeof value !== "object" || value === null) return false;
  const { title, content, format } = /** @type {Record<string, unknown>} */ (value);
  return typeof title === "string" && typeof content === "string" && formats.includes(String(format));
}

/** @param {Uint8Array} plaintext @returns {NoteDocument} */
function parseDocument(plaintext) {
  /** @type {unknown} */
  let parsed;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(plaintext));
  } catch {
    throw new EnvelopeError("bad_document", "The note opened, but its text is not a note document.");
  }
  const pages = /** @type {{ pages?: unknown }} */ (parsed ?? {}).pages;
  if (!Array.isArray(pages) || pages.length < 1 || pages.length > maxPages || !pages.every(isPage)) {
    throw new EnvelopeError("bad_document", "The note opened, but its pages are not well formed.");
  }
  return { pages: pages.map(({ title, content, format }) => ({ title, content, format })) };
}

/**
 * Opens an envelope with the link's key (and the note's password, when it was sealed with one).
 * Throws EnvelopeError when it cannot; a changed envelope fails like a wrong key.
 * @param {string} envelope
 * @param {string} key
 * @param {string} [password]
 * @returns {Promise<NoteDocument>}
 */
export async function openNote(envelope, key, password) {
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
    try {
      const plaintext = await subtle().decrypt(
        { name: "AES-GCM", iv: decode(iv), additionalData: utf8.encode(header), tagLength: tagBytes * 8 },
        await aesKey(decode(key), /** @type {Mode} */ (mode), decode(salt), spelling),
        decode(ciphertext),
      );
      return parseDocument(new Uint8Array(plaintext));
    } catch (error) {
      if (error instanceof EnvelopeError) throw error;
    }
  }
  throw new EnvelopeError(
    "wrong_key",
    "The note could not be decrypted: the link's key (or the password) is wrong, or the note was changed.",
  );
}
