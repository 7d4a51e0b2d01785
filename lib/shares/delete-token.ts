import { randomAlphanumeric } from "../crypto/random-string";
import { hashSecret, secretMatchesHash } from "../crypto/secret-hash";

// A note created without an API key gets a delete token: "ndt_" + 43 characters of [A-Za-z0-9]
// (256 random bits), shown once in the create response. Only its SHA-256 is stored; with that much
// randomness a fast hash is as strong as a slow one, as for API keys.
const tokenPrefix = "ndt_";
const tokenPattern = /^ndt_[A-Za-z0-9]{43}$/;

export function generateDeleteToken(): string {
  return tokenPrefix + randomAlphanumeric(43);
}

/** What is stored of a token: its SHA-256 (see lib/crypto/secret-hash.ts). */
export const hashDeleteToken = hashSecret;

/**
 * Whether `token` is the one whose hash is stored, compared in constant time. A missing or
 * malformed token, or a note without a stored hash, is compared against a dummy all the same.
 */
export function deleteTokenMatches(token: string | null, storedHash: string | null): boolean {
  const wellFormed = token !== null && tokenPattern.test(token);
  return secretMatchesHash(wellFormed ? token : "", storedHash) && wellFormed;
}
