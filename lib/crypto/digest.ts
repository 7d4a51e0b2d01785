import { createHash, createHmac, hkdfSync, timingSafeEqual, type KeyObject } from "node:crypto";

// The hash primitives every secret check in the service is built from.

export function sha256(data: string): Buffer {
  return createHash("sha256").update(data, "utf8").digest();
}

/** Hex SHA-256 of binary data (a file chunk's checksum). */
export function bytesSha256Hex(data: Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/** Compares two digests in constant time; digests of different lengths are simply unequal. */
export function digestsEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A 32-byte key for one purpose (`info`), derived from a configured secret with HKDF-SHA256. */
export function deriveKey(secret: string, info: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "", info, 32));
}

/**
 * On a hot path, key it with a KeyObject made once: given raw bytes, Node 24 first tries them as a
 * KeyObject and as a CryptoKey, each by catching an exception, which cost a read about 80 µs in
 * the server (with its deep stacks) against 3 µs for the HMAC itself.
 */
export function hmacSha256(key: Buffer | KeyObject, data: string): Buffer {
  return createHmac("sha256", key).update(data).digest();
}
