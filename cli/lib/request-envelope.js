// @ts-check
// The envelope of a request's answers, version r1: the one implementation that the web pages, the
// server's checks and the command-line client all import. Pure WebCrypto (globalThis.crypto), so it
// runs unchanged in browsers and in Node 20+.
//
// The requester's key pair is ECDH on P-256: every browser's WebCrypto and Node 20 have it. (X25519
// works in Node 20 and in this Chromium too, but not in browsers released before 2024-2025; one
// curve everywhere keeps one envelope format.)
//
//   private key = base64url(d ‖ x ‖ y), 96 bytes, 128 characters: the private link's fragment
//                 (/requests/<id>#<private key>); it never reaches the server
//   public key  = base64url(0x04 ‖ x ‖ y), the uncompressed point, 65 bytes, 87 characters: sent to
//                 the server with the request, handed to every responder
//   owner proof = base64url(HKDF-SHA256(d, no salt, info "notes-request r1 owner-proof", 32 bytes)):
//                 the server keeps its hash and asks for it to list, read or delete answers, so the
//                 private link alone is enough, and the server never sees d
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
import { areFiles, savableFileName } from "./note-document.js";

const version = "r1";
const curve = { name: "ECDH", namedCurve: "P-256" };
const coordinateBytes = 32;
const saltBytes = 16;
const ivBytes = 12;
const tagBytes = 16;
const ownerProofInfo = `notes-request ${version} owner-proof`;

/**
 * Why something could not be done: `bad_key` (the private link's key is missing or malformed),
 * `bad_public_key`, `bad_envelope` (not an r1 envelope), `wrong_key` (the key does not open it, or
 * belongs to another request, or the envelope was changed) or `bad_answer` (it opened, but holds no
 * answer).
 */
export class RequestEnvelopeError extends Error {
  /**
   * @param {"bad_key" | "bad_public_key" | "bad_envelope" | "wrong_key" | "bad_answer"} reason
   * @param {string} message
   */
  constructor(reason, message) {
    super(message);
    this.name = "RequestEnvelopeError";
    this.reason = reason;
  }
}

const base64url = "[A-Za-z0-9_-]";
// The last character of an encoding whose bit count is not a multiple of 6 may only use its top bits,
// so that each value has one spelling.
const privateKeyPattern = new RegExp(`^${base64url}{128}$`);
const publicKeyPart = `B${base64url}{85}[AEIMQUYcgkosw048]`;
const publicKeyPattern = new RegExp(`^${publicKeyPart}$`);
const proofPattern = new RegExp(`^${base64url}{42}[AEIMQUYcgkosw048]$`);
const envelopePattern = new RegExp(
  `^${version}\\.(${publicKeyPart})\\.(${base64url}{21}[AQgw])\\.(${base64url}{16})\\.(${base64url}{22,})$`,
);

const utf8 = new TextEncoder();
const subtle = () => globalThis.crypto.subtle;
/** @param {number} length */
const randomBytes = (length) => globalThis.crypto.getRandomValues(new Uint8Array(length));

/** True when `key` has the shape of a private link's key (whether it is a key is another matter). */
export function isWellFormedPrivateKey(/** @type {unknown} */ key) {
  return typeof key === "string" && privateKeyPattern.test(key);
}

/** True when `proof` has the shape of an owner proof. */
export function isWellFormedOwnerProof(/** @type {unknown} */ proof) {
  return typeof proof === "string" && proofPattern.test(proof);
}

/** True when `envelope` has the shape of an r1 envelope (whether it opens is another matter). */
export function isWellFormedAnswerEnvelope(/** @type {unknown} */ envelope) {
  if (typeof envelope !== "string") return false;
  const match = envelopePattern.exec(envelope);
  return match !== null && match[4] !== undefined && match[4].length % 4 !== 1;
}

/** @param {string} publicKey */
async function importPublicKey(publicKey) {
  if (!publicKeyPattern.test(publicKey)) throw new Error("not an uncompressed point");
  return subtle().importKey("raw", decode(publicKey), curve, true, []);
}

/**
 * True when `publicKey` is a request's public key: an uncompressed P-256 point, on the curve.
 * @param {unknown} publicKey
 */
export async function isValidPublicKey(publicKey) {
  if (typeof publicKey !== "string") return false;
  return importPublicKey(publicKey).then(
    () => true,
    () => false,
  );
}

/** True when the envelope's ephemeral key is a point on the curve (the server checks before storing). */
export async function isValidAnswerEnvelope(/** @type {unknown} */ envelope) {
  if (!isWellFormedAnswerEnvelope(envelope)) return false;
  return isValidPublicKey(String(envelope).split(".")[1]);
}

/** @param {CryptoKey} key */
async function rawPoint(key) {
  return new Uint8Array(await subtle().exportKey("raw", key));
}

/** @param {Uint8Array<ArrayBuffer>} d */
async function ownerProofOf(d) {
  const base = await subtle().importKey("raw", d, "HKDF", false, ["deriveBits"]);
  const proof = await subtle().deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: utf8.encode(ownerProofInfo) },
    base,
    coordinateBytes * 8,
  );
  return encode(new Uint8Array(proof));
}

/**
 * A new key pair for a request.
 * @returns {Promise<{ privateKey: string, publicKey: string, ownerProof: string }>} the private key for
 *   the private link's fragment; the public key and the owner proof to send with the request
 */
export async function generateRequestKeys() {
  const pair = /** @type {CryptoKeyPair} */ (await subtle().generateKey(curve, true, ["deriveBits"]));
  const jwk = await subtle().exportKey("jwk", pair.privateKey);
  const d = decode(jwk.d ?? "");
  const point = await rawPoint(pair.publicKey);
  const privateKey = new Uint8Array(coordinateBytes * 3);
  privateKey.set(d);
  privateKey.set(point.subarray(1), coordinateBytes);
  return { privateKey: encode(privateKey), publicKey: encode(point), ownerProof: await ownerProofOf(d) };
}

/**
 * Opens a private link's key: its private CryptoKey, its public key and its owner proof. Throws
 * `bad_key` when the key is malformed or its parts are not one key pair, and `wrong_key` when
 * `expectedPublicKey` (the request's, as the server gives it) is another: checked before any answer
 * is fetched.
 * @param {string} privateKey the private link's fragment
 * @param {string} [expectedPublicKey]
 */
export async function openRequestKey(privateKey, expectedPublicKey) {
  const malformed = () =>
    new RequestEnvelopeError("bad_key", "The private link's key is missing or malformed.");
  if (!isWellFormedPrivateKey(privateKey)) throw malformed();
  const bytes = decode(privateKey);
  const d = bytes.subarray(0, coordinateBytes);
  const x = bytes.subarray(coordinateBytes, coordinateBytes * 2);
  const y = bytes.subarray(coordinateBytes * 2);
  const jwk = { kty: "EC", crv: "P-256", d: encode(d), x: encode(x), y: encode(y) };
  /** @type {CryptoKey} */
  let key;
  try {
    // Both Node's and Chromium's WebCrypto refuse a d that is not the private key of (x, y).
    key = await subtle().importKey("jwk", jwk, curve, false, ["deriveBits"]);
  } catch {
    throw malformed();
  }
  const point = new Uint8Array(coordinateBytes * 2 + 1);
  point[0] = 4;
  point.set(x, 1);
  point.set(y, coordinateBytes + 1);
  const publicKey = encode(point);
  if (expectedPublicKey !== undefined && expectedPublicKey !== publicKey) {
    throw new RequestEnvelopeError("wrong_key", "This private link's key belongs to another request.");
  }
  return { key, publicKey, ownerProof: await ownerProofOf(new Uint8Array(d)) };
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
