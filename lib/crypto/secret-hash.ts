import { createHash, timingSafeEqual } from "node:crypto";

// API keys and delete tokens carry 256 random bits, so one SHA-256 stores them as safely as a slow
// hash would; only the hash is kept, and a presented secret is checked against it here.

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

const dummyHash = "00".repeat(32);

/**
 * Whether `secret` hashes to `storedHash`, compared in constant time. Without a stored hash it is
 * compared against a dummy all the same, so a miss costs the same work as a hit.
 */
export function secretMatchesHash(secret: string, storedHash: string | null): boolean {
  const presented = Buffer.from(hashSecret(secret), "hex");
  const stored = Buffer.from(storedHash ?? dummyHash, "hex");
  const equal = presented.length === stored.length && timingSafeEqual(presented, stored);
  return equal && storedHash !== null;
}
