import type { HeaderLookup } from "../http/api-request";
import { sha256 } from "../crypto/digest";
import { ApiError } from "../http/api-error";

// Idempotency-Key (as Stripe's API takes it, and as the IETF httpapi draft describes it): a client
// sends the same random key with every attempt of one read or create. The first answer is kept for
// a window, written by the same statement that spends the view or stores the note, so a retry after
// a lost answer (a 503 outcome_unknown, a dropped connection) gets that answer again instead of a
// 404 for a note it burned, or a second note. A different key is a new request.

/** How long a kept answer is given back to a retry with the same key. */
export const keptAnswerSeconds = 600;

const idempotencyKeyHeader = "idempotency-key";

/** A random value such as a UUID: long enough not to be guessed, visible ASCII without spaces. */
export const idempotencyKeyPattern = /^[\x21-\x7e]{16,255}$/;

/**
 * The request's Idempotency-Key, or null when it sent none. The draft's structured-field form (a
 * quoted string) and Stripe's bare form are the same key.
 */
export function idempotencyKeyOf(headers: HeaderLookup): string | null {
  const raw = headers.get(idempotencyKeyHeader);
  if (raw === null) return null;
  const trimmed = raw.trim();
  const key = /^".*"$/.test(trimmed) ? trimmed.slice(1, -1) : trimmed;
  if (!idempotencyKeyPattern.test(key)) {
    throw new ApiError(
      "bad_idempotency_key",
      "Idempotency-Key must be 16 to 255 visible ASCII characters without spaces (a random UUID, say).",
    );
  }
  return key;
}

/**
 * Where a key's answer is kept: a hash of what it was sent for and the key. A read's key belongs to
 * its note; a create's to the API key or, without one, the client that sent it, so that another
 * client's create with the same key is never given this one's note and delete token.
 */
export function keptAnswerLookup(scope: { read: string } | { createdBy: string }, key: string): string {
  const what = "read" in scope ? `read|${scope.read}` : `create|${scope.createdBy}`;
  return sha256(`notes kept answer|${what}|${key}`).toString("hex");
}

/** What a create's retry must repeat exactly: the body as parsed. */
export function requestFingerprint(body: unknown): string {
  return sha256(JSON.stringify(body) ?? "").toString("hex");
}

/** The lookup of a create's key and the fingerprint of its body. */
export type CreateIdempotency = { lookup: string; fingerprint: string };

/**
 * A create's Idempotency-Key as kept: its lookup under whoever creates (`key:<id>` or
 * `client:<id>`) and its body's fingerprint; null without the header.
 */
export function createIdempotencyOf(
  headers: HeaderLookup,
  body: unknown,
  createdBy: string,
): CreateIdempotency | null {
  const key = idempotencyKeyOf(headers);
  if (key === null) return null;
  return { lookup: keptAnswerLookup({ createdBy }, key), fingerprint: requestFingerprint(body) };
}
