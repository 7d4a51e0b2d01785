import { randomBytes } from "node:crypto";

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
// 248 = 4 * 62: bytes at or above it are dropped so every character is equally likely.
const unbiasedLimit = 256 - (256 % alphabet.length);

/** `length` characters of [A-Za-z0-9] from the operating system's CSPRNG, without modulo bias. */
export function randomAlphanumeric(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length + 8)) {
      if (byte < unbiasedLimit) out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/** `bytes` random bytes from the operating system's CSPRNG, in base64 (`url`: base64url). */
export function randomBase64(bytes: number, variant: "standard" | "url" = "standard"): string {
  return randomBytes(bytes).toString(variant === "url" ? "base64url" : "base64");
}
