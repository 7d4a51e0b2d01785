import { digestsEqual, sha256 } from "./digest";

// API keys and delete tokens carry 256 random bits, so one SHA-256 stores them as safely as a slow
// hash would; only the hash is kept, and a presented secret is checked against it here. Configured
// secrets (ADMIN_SECRET, CRON_SECRET) are checked the same way, hashing both sides.

export function hashSecret(secret: string): string {
  return sha256(secret).toString("hex");
}

const dummyHash = Buffer.alloc(32);

/**
 * Whether `secret` hashes to `storedHash`, compared in constant time. Without a stored hash it is
 * compared against a dummy all the same, so a miss costs the same work as a hit.
 */
export function secretMatchesHash(secret: string, storedHash: string | null): boolean {
  const stored = storedHash === null ? dummyHash : Buffer.from(storedHash, "hex");
  return digestsEqual(sha256(secret), stored) && storedHash !== null;
}

/**
 * Whether a secret someone presented is the configured one. Both are hashed first, so the comparison
 * always runs over 32 bytes and its time reveals neither the content nor the length of the secret.
 */
export function secretMatches(given: string, expected: string): boolean {
  return digestsEqual(sha256(given), sha256(expected));
}
