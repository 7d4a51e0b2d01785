// @ts-check
// A request's key pair, version r1: the one implementation that the web pages, the server's checks
// and the command-line client all import. Pure WebCrypto (globalThis.crypto), so it runs unchanged in
// browsers and in Node 20+.
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
//
// The answers sealed to the public key: cli/lib/request-envelope.js. Every parameter is fixed by
// the version; a new choice is a new version.

import { decodeBase64url as decode, encodeBase64url as encode } from "./base64url.js";

export const version = "r1";
export const curve = { name: "ECDH", namedCurve: "P-256" };
export const coordinateBytes = 32;
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

export const base64url = "[A-Za-z0-9_-]";
// The last character of an encoding whose bit count is not a multiple of 6 may only use its top bits,
// so that each value has one spelling.
const privateKeyPattern = new RegExp(`^${base64url}{128}$`);
export const publicKeyPart = `B${base64url}{85}[AEIMQUYcgkosw048]`;
const publicKeyPattern = new RegExp(`^${publicKeyPart}$`);
const proofPattern = new RegExp(`^${base64url}{42}[AEIMQUYcgkosw048]$`);

const utf8 = new TextEncoder();
const subtle = () => globalThis.crypto.subtle;

/** True when `key` has the shape of a private link's key (whether it is a key is another matter). */
export function isWellFormedPrivateKey(/** @type {unknown} */ key) {
  return typeof key === "string" && privateKeyPattern.test(key);
}

/** True when `proof` has the shape of an owner proof. */
export function isWellFormedOwnerProof(/** @type {unknown} */ proof) {
  return typeof proof === "string" && proofPattern.test(proof);
}

/** @param {string} publicKey */
export async function importPublicKey(publicKey) {
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

/** @param {CryptoKey} key */
export async function rawPoint(key) {
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
