import { createHash, timingSafeEqual } from "node:crypto";
import { randomAlphanumeric } from "../crypto/random-string";

// A note created without an API key gets a delete token: "ndt_" + 43 characters of [A-Za-z0-9]
// (256 random bits), shown once in the create response. Only its SHA-256 is stored; with that much
// randomness a fast hash is as strong as a slow one, as for API keys.
const tokenPrefix = "ndt_";
const tokenPattern = /^ndt_[A-Za-z0-9]{43}$/;

export function generateDeleteToken(): string {
  return tokenPrefix + randomAlphanumeric(43);
}

export function hashDeleteToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

const dummyHash = "00".repeat(32);

/**
 * Whether `token` is the one whose hash is stored, compared in constant time. A missing or
 * malformed token, or a note without a stored hash, is compared against a dummy all the same.
 */
export function deleteTokenMatches(token: string | null, storedHash: string | null): boolean {
  const wellFormed = token !== null && tokenPattern.test(token);
  const presented = Buffer.from(hashDeleteToken(wellFormed ? token : ""), "hex");
  const stored = Buffer.from(storedHash ?? dummyHash, "hex");
  const equal = presented.length === stored.length && timingSafeEqual(presented, stored);
  return wellFormed && storedHash !== null && equal;
}
