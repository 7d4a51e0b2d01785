import { createHash } from "node:crypto";
import { randomAlphanumeric } from "../crypto/random-string";

// "nsk_" + 43 characters of [A-Za-z0-9]: 43 * log2(62) = 256 bits of randomness. The first 12
// characters are the key's public prefix: shown in lists, and how a key is found before its hash
// is compared.
const keyPrefix = "nsk_";
const secretLength = 43;
export const publicPrefixLength = keyPrefix.length + 8;
const apiKeyPattern = /^nsk_[A-Za-z0-9]{43}$/;

export function generateApiKey(): string {
  return keyPrefix + randomAlphanumeric(secretLength);
}

export function isWellFormedApiKey(value: string): boolean {
  return apiKeyPattern.test(value);
}

export function publicPrefix(key: string): string {
  return key.slice(0, publicPrefixLength);
}

/** Keys carry 256 random bits, so one SHA-256 is as strong as a slow hash would be. */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}
