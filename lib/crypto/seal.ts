import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from "node:crypto";
import { sha256 } from "./digest";

// AES-256-GCM for values at rest. A sealed value is `v1.<key id>.<base64url(iv | ciphertext | tag)>`:
// it names the key that sealed it, so a list of keys can open values sealed by any of them. Each
// value is bound to where it belongs by associated data (say `notes/v1|<note id>|0|content`): a
// value copied to another row or field fails to open instead of showing the wrong text.

/**
 * `secret` is `bytes` as a KeyObject, made once: a cipher made from raw bytes imports them anew
 * each time, which took about two thirds of sealing a short value's CPU.
 */
export type SealingKey = { id: string; bytes: Buffer; secret: KeyObject };
/** Keys to try when opening; the first one seals. */
export type SealingKeys = [SealingKey, ...SealingKey[]];

const ivLength = 12;
const tagLength = 16;
export const sealingKeyLength = 32;

/** A short public name for a key: the first 8 base64url characters of a hash of it. */
export function sealingKeyId(bytes: Buffer): string {
  return sha256(`notes sealing key|${bytes.toString("base64url")}`)
    .toString("base64url")
    .slice(0, 8);
}

export function sealingKeyFrom(bytes: Buffer, id = sealingKeyId(bytes)): SealingKey {
  if (bytes.length !== sealingKeyLength) throw new Error(`A sealing key is ${sealingKeyLength} bytes.`);
  return { id, bytes, secret: createSecretKey(bytes) };
}

/** A fresh random key, as base64url (the form ENCRYPTION_KEYS and the key file hold). */
export function generateSealingKey(): string {
  return randomBytes(sealingKeyLength).toString("base64url");
}

/**
 * A command that prints a fresh key in that form, for messages that must not print a key themselves
 * (they end up in logs). Plain node, so it works where the service's own commands refuse to start.
 */
export const generateSealingKeyCommand = `node -e "console.log(require('crypto').randomBytes(${sealingKeyLength}).toString('base64url'))"`;

/** Parses one base64url 32-byte key; null when it is not one. */
export function parseSealingKey(text: string): SealingKey | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9_-]{43}$/.test(trimmed)) return null;
  return sealingKeyFrom(Buffer.from(trimmed, "base64url"));
}

export function seal(key: SealingKey, plaintext: string, associatedData: string): string {
  const iv = randomBytes(ivLength);
  const cipher = createCipheriv("aes-256-gcm", key.secret, iv);
  cipher.setAAD(Buffer.from(associatedData, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return `v1.${key.id}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url")}`;
}

/** How every value sealed by the key starts (a prefix to search stored values by). */
export const sealedByPrefix = (keyId: string) => `v1.${keyId}.`;

/** The id of the key that sealed `sealed`, or null when it is not a sealed value. */
export function sealedBy(sealed: string): string | null {
  const match = /^v1\.([A-Za-z0-9_-]+)\./.exec(sealed);
  return match?.[1] ?? null;
}

export class SealError extends Error {}

/** Opens a value sealed by one of `keys`; throws SealError when no key fits or it was altered. */
export function open(keys: readonly SealingKey[], sealed: string, associatedData: string): string {
  const id = sealedBy(sealed);
  const key = keys.find((candidate) => candidate.id === id);
  if (!id || !key) throw new SealError(`The value was sealed by key ${id ?? "?"}, which is not configured.`);
  const data = Buffer.from(sealed.slice(id.length + 4), "base64url");
  if (data.length < ivLength + tagLength) throw new SealError("The sealed value is truncated.");
  const decipher = createDecipheriv("aes-256-gcm", key.secret, data.subarray(0, ivLength));
  decipher.setAAD(Buffer.from(associatedData, "utf8"));
  decipher.setAuthTag(data.subarray(data.length - tagLength));
  try {
    const body = data.subarray(ivLength, data.length - tagLength);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    throw new SealError(`The value does not open with key ${id}: altered, moved, or another key.`);
  }
}
