import { randomAlphanumeric } from "../crypto/random-string";
import { hashSecret } from "../crypto/secret-hash";

// "nsk_" + 43 characters of [A-Za-z0-9]: 43 * log2(62) = 256 bits of randomness. The first 12
// characters are the key's public prefix: shown in lists, and how a key is found before its hash
// is compared.
const keyPrefix = "nsk_";
const secretLength = 43;
const publicPrefixLength = keyPrefix.length + 8;
const apiKeyPattern = /^nsk_[A-Za-z0-9]{43}$/;

export function generateApiKey(): string {
  return keyPrefix + randomAlphanumeric(secretLength);
}

export function isWellFormedApiKey(value: string): boolean {
  return apiKeyPattern.test(value);
}

const keyIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` can be a key's id (a UUID). */
export function isKeyId(value: string): boolean {
  return keyIdPattern.test(value);
}

export function publicPrefix(key: string): string {
  return key.slice(0, publicPrefixLength);
}

/** What is stored of a key: its SHA-256 (see lib/crypto/secret-hash.ts). */
export const hashApiKey = hashSecret;
