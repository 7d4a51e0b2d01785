import { randomAlphanumeric } from "../crypto/random-string";
import { hashSecret, secretMatchesHash } from "../crypto/secret-hash";
import { deleteTokenPattern } from "./note-policy";

// A note created without an API key gets a delete token (deleteTokenPattern), shown once in the
// create response. Only its SHA-256 is stored; with 256 random bits a fast hash is as strong as a
// slow one, as for API keys.

export function generateDeleteToken(): string {
  return `ndt_${randomAlphanumeric(43)}`;
}

/** What is stored of a token: its SHA-256 (see lib/crypto/secret-hash.ts). */
export const hashDeleteToken = hashSecret;

/**
 * Whether `token` is the one whose hash is stored, compared in constant time. A missing or
 * malformed token, or a note without a stored hash, is compared against a dummy all the same.
 */
export function deleteTokenMatches(token: string | null, storedHash: string | null): boolean {
  const wellFormed = token !== null && deleteTokenPattern.test(token);
  return secretMatchesHash(wellFormed ? token : "", storedHash) && wellFormed;
}
