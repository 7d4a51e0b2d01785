// @ts-check
// The envelope of a request's answers, version r1: the one implementation that the web pages, the
// server's checks and the command-line client all import. Pure WebCrypto (globalThis.crypto), so it
// runs unchanged in browsers and in Node 20+.
//
// The request's key pair, its private key, public key and owner proof: cli/lib/request-keys.js.
//
//   envelope    = "r1." epk "." salt "." iv "." ciphertext        (every part base64url, no padding)
//   epk         = a fresh ephemeral P-256 public key per answer, uncompressed (87 characters)
//   salt        = 16 random bytes, iv = 12 random bytes
//   AES key     = HKDF-SHA256(ECDH(ephemeral, request's public key), salt,
//                 info "notes-request r1 answer <request id>"), so an answer opens only for its request
//   ciphertext  = AES-256-GCM(plaintext) with its 16-byte tag, associated data = the header
//                 "r1.<epk>.<salt>.<iv>", so no part of it can be changed without failing to open
//   plaintext   = UTF-8 JSON {"text": "…"}, or with files {"text": "…", "files": [{"name", "type",
//                 "size", "salt"}, …]}: each file's name, MIME type, plaintext size and 16-byte salt
//                 (base64url), as a note document holds them (cli/lib/note-document.js)
//   files key   = HKDF-SHA256(the same ECDH secret, the same salt, info "notes-request r1 files
//                 <request id>", 32 bytes): the ikm of each file's key in the file envelope
//                 (cli/lib/file-envelope.js), so only the private link opens an answer's files
//
// Every parameter is fixed by the version; a new choice is a new version.

import { decodeBase64url as decode, encodeBase64url as encode } from "./base64url.js";
import { savableFileName } from "./file-name.js";
import { areFiles } from "./note-document.js";
import {
  RequestEnvelopeError,
  base64url,
  coordinateBytes,
  curve,
  importPublicKey,
  isValidPublicKey,
  openRequestKey,
  publicKeyPart,
  rawPoint,
  version,
} from "./request-keys.js";

const saltBytes = 16;
const ivBytes = 12;
const tagBytes = 16;
const envelopePattern = new RegExp(
  `^${version}\\.(${publicKeyPart})\\.(${base64url}{21}[AQgw])\\.(${base64url}{16})\\.(${base64url}{22,})$`,
);

const utf8 = new TextEncoder();
const subtle = () => globalThis.crypto.subtle;
/** @param {number} length */
const randomBytes = (length) => globalThis.crypto.getRandomValues(new Uint8Array(length));

/** True when `envelope` has the shape of an r1 envelope (whether it opens is another matter). */
export function isWellFormedAnswerEnvelope(/** @type {unknown} */ envelope) {
  if (typeof envelope !== "string") return false;
  const match = envelopePattern.exec(envelope);
  return match !== null && match[4] !== undefined && match[4].length % 4 !== 1;
}

/** True when the envelope's ephemeral key is a point on the curve (the server checks before storing). */
export async function isValidAnswerEnvelope(/** @type {unknown} */ envelope) {
  if (!isWellFormedAnswerEnvelope(envelope)) return false;
  return isValidPublicKey(String(envelope).split(".")[1]);
}

/**
 * The answer's AES key and its files key, both from one ECDH secret.
 * @param {CryptoKey} privateKey
 * @param {CryptoKey} publicKey
 * @param {Uint8Array<ArrayBuffer>} salt
 * @param {string} requestId
 */
async function answerKeys(privateKey, publicKey, salt, requestId) {
  const shared = await subtle().deriveBits({ name: "ECDH", public: publicKey }, privateKey, 256);
  const base = await subtle().importKey("raw", shared, "HKDF", false, ["deriveKey", "deriveBits"]);
  const hkdf = (/** @type {string} */ use) => ({
    name: "HKDF",
    hash: "SHA-256",
    salt,
    info: utf8.encode(`notes-request ${version} ${use} ${requestId}`),
  });
  const aes = await subtle().deriveKey(hkdf("answer"), base, { name: "AES-GCM", length: 256 }, false, [
    "encrypt",
    "decrypt",
  ]);
  const filesIkm = await subtle().deriveBits(hkdf("files"), base, coordinateBytes * 8);
  const filesKey = await subtle().importKey("raw", filesIkm, "HKDF", false, ["deriveKey"]);
  return { aes, filesKey };
}

/**
 * Seals an answer to request `requestId` under its public key.
 * @param {string} text
 * @param {{ requestId: string, publicKey: string }} to
 * @returns {Promise<string>} the envelope to send
 */
export async function sealAnswer(text, to) {
  return (await sealAnswerWithFiles(text, undefined, to)).envelope;
}

/**
 * @typedef {{ name: string, type: string, size: number, salt: string }} AnswerFile
 * an answer's file as its envelope holds it
 */

/**
 * Seals an answer with files: their names, types, sizes and salts go inside the envelope, and the
 * files key (with each file's salt: fileKey in cli/lib/file-envelope.js) seals their chunks.
 * @param {string} text
 * @param {AnswerFile[] | undefined} files
 * @param {{ requestId: string, publicKey: string }} to
 * @returns {Promise<{ envelope: string, filesKey: CryptoKey }>}
 */
export async function sealAnswerWithFiles(text, files, to) {
  /** @type {CryptoKey} */
  let recipient;
  try {
    recipient = await importPublicKey(to.publicKey);
  } catch {
    throw new RequestEnvelopeError("bad_public_key", "The request's public key is not a P-256 point.");
  }
  const ephemeral = /** @type {CryptoKeyPair} */ (await subtle().generateKey(curve, true, ["deriveBits"]));
  const salt = randomBytes(saltBytes);
  const iv = randomBytes(ivBytes);
  const header = `${version}.${encode(await rawPoint(ephemeral.publicKey))}.${encode(salt)}.${encode(iv)}`;
  const keys = await answerKeys(ephemeral.privateKey, recipient, salt, to.requestId);
  const ciphertext = await subtle().encrypt(
    { name: "AES-GCM", iv, additionalData: utf8.encode(header), tagLength: tagBytes * 8 },
    keys.aes,
    utf8.encode(JSON.stringify(files ? { text, files } : { text })),
  );
  return { envelope: `${header}.${encode(new Uint8Array(ciphertext))}`, filesKey: keys.filesKey };
}

/**
 * Opens an answer with the private link's key. Throws RequestEnvelopeError when it cannot; a changed
 * envelope, another request's id or another key all fail as `wrong_key`.
 * @param {string} envelope
 * @param {{ requestId: string, privateKey: string }} key
 * @returns {Promise<{ text: string, files?: AnswerFile[], filesKey?: CryptoKey }>} its text; with
 *   files, them and the key that opens them (fileKey in cli/lib/file-envelope.js)
 */
export async function openAnswer(envelope, key) {
  const { key: privateKey } = await openRequestKey(key.privateKey);
  const match = isWellFormedAnswerEnvelope(envelope) ? envelopePattern.exec(envelope) : null;
  if (!match) throw new RequestEnvelopeError("bad_envelope", "This is not an answer this client knows.");
  const [, epk = "", salt = "", iv = "", ciphertext = ""] = match;
  const header = envelope.slice(0, envelope.length - ciphertext.length - 1);
  /** @type {ArrayBuffer} */
  let plaintext;
  /** @type {Awaited<ReturnType<typeof answerKeys>>} */
  let keys;
  try {
    keys = await answerKeys(privateKey, await importPublicKey(epk), decode(salt), key.requestId);
    plaintext = await subtle().decrypt(
      { name: "AES-GCM", iv: decode(iv), additionalData: utf8.encode(header), tagLength: tagBytes * 8 },
      keys.aes,
      decode(ciphertext),
    );
  } catch {
    throw new RequestEnvelopeError(
      "wrong_key",
      "The answer does not open with this key: another request's key, or the answer was changed.",
    );
  }
  const answer = parseAnswer(new Uint8Array(plaintext));
  return answer.files ? { ...answer, filesKey: keys.filesKey } : answer;
}

/**
 * @param {Uint8Array} plaintext
 * @returns {{ text: string, files?: AnswerFile[] }}
 */
function parseAnswer(plaintext) {
  try {
    const parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(plaintext));
    if (typeof parsed?.text === "string" && areFiles(parsed.files)) {
      // As a note's files: a name no disk would take opens made safe, rather than losing the answer.
      /** @type {AnswerFile[] | undefined} */
      const files = parsed.files?.map((/** @type {AnswerFile} */ file, /** @type {number} */ index) => ({
        ...file,
        name: savableFileName(file.name, index),
      }));
      return { text: parsed.text, ...(files && { files }) };
    }
  } catch {
    // answered below
  }
  throw new RequestEnvelopeError(
    "bad_answer",
    "The answer opened, but holds no text, or files that are not files.",
  );
}
