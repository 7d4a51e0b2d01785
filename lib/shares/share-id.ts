import { randomAlphanumeric } from "../crypto/random-string";

export const shareIdLength = 10;
const shareIdPattern = /^[A-Za-z0-9]{10}$/;

export function generateShareId(): string {
  return randomAlphanumeric(shareIdLength);
}

/** Ids of any other shape are not_found without a database round trip. */
export function isShareId(value: string): boolean {
  return shareIdPattern.test(value);
}
