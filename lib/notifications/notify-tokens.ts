import { deriveKey, digestsEqual, hmacSha256 } from "../crypto/digest";
import type { SealingKey } from "../crypto/seal";
import type { NotifyKind } from "./notify-target";

// The keyed values of notifications, each from its own key derived from the server's sealing keys:
// an address's hash (how opt-outs and the hourly count know an address without storing it), and the
// tokens of an email's two links. A token names one thing it may do (turn one note's or request's
// notifications off, or opt one address out of all of them) and carries an HMAC of that: it opens
// nothing else, and a changed name fails. The first key makes them; every configured key checks them.

export type TokenScope = { kind: NotifyKind; id: string } | { kind: "address"; hash: string };

const keyFor = (key: SealingKey, use: string) =>
  deriveKey(key.bytes.toString("base64url"), `notes notify ${use} v1`);

/** The address's keyed hash under `key`: trimmed and lower-cased first, as mail servers compare. */
export function addressHash(key: SealingKey, address: string): string {
  return hmacSha256(keyFor(key, "address"), address.trim().toLowerCase()).toString("base64url");
}

/** The address's hash under each of `keys` (an opt-out made before a key rotation still counts). */
export const addressHashes = (keys: readonly SealingKey[], address: string) =>
  keys.map((key) => addressHash(key, address));

const subjectOf = (scope: TokenScope) => (scope.kind === "address" ? scope.hash : scope.id);

function macOf(key: SealingKey, scope: TokenScope): Buffer {
  return hmacSha256(keyFor(key, "link"), `${scope.kind}|${subjectOf(scope)}`).subarray(0, 16);
}

/** `<kind>.<id or hash>.<mac>`: what a link carries. */
export function tokenFor(key: SealingKey, scope: TokenScope): string {
  return `${scope.kind}.${subjectOf(scope)}.${macOf(key, scope).toString("base64url")}`;
}

/** What a token may do, or null when it is malformed or no configured key made it. */
export function scopeOf(keys: readonly SealingKey[], token: string): TokenScope | null {
  const match = /^(note|request|address)\.([A-Za-z0-9_-]{10,43})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const [, kind, subject = "", mac = ""] = match;
  const scope: TokenScope =
    kind === "address" ? { kind, hash: subject } : { kind: kind as NotifyKind, id: subject };
  // Compared as written: the last of 22 base64url characters carries 4 bits no decoder reads, so
  // comparing decoded bytes would take 16 spellings of one token as the same token.
  const given = Buffer.from(mac);
  const expected = (key: SealingKey) => Buffer.from(macOf(key, scope).toString("base64url"));
  return keys.some((key) => digestsEqual(expected(key), given)) ? scope : null;
}
