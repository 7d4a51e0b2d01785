import { deriveKey, digestsEqual, hmacSha256 } from "../crypto/digest";
import { randomBase64 } from "../crypto/random-string";

// The admin session cookie: `<id>.<signature>`, a random session id and the base64url HMAC-SHA256
// of it under a key derived from ADMIN_SECRET. The id names a row of admin_sessions (its times, and
// whether it still lives: signing out deletes it); the signature lets a forged or foreign cookie be
// refused before the database is asked, and makes changing the secret end every session.

export type AdminSession = { id: string; issuedAt: number; expiresAt: number };

const tokenPattern = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

function signature(secret: string, id: string): Buffer {
  return hmacSha256(deriveKey(secret, "notes admin session v2"), id);
}

/** A new session's id (128 random bits) and the cookie value that carries it. */
export function createSessionToken(secret: string): { id: string; token: string } {
  const id = randomBase64(16, "url");
  return { id, token: `${id}.${signature(secret, id).toString("base64url")}` };
}

/** The session id a cookie value carries, or null when it is malformed or signed with another secret. */
export function sessionIdOf(token: string | undefined, secret: string): string | null {
  const match = tokenPattern.exec(token ?? "");
  if (!match?.[1]) return null;
  const given = Buffer.from(match[2] ?? "", "base64url");
  return digestsEqual(given, signature(secret, match[1])) ? match[1] : null;
}

/**
 * Whether a stored session still counts at `now`: before its expiry, and not older than the current
 * lifetime setting allows (shortening the setting shortens live sessions).
 */
export function sessionIsFresh(session: AdminSession, now: Date, lifetimeSeconds: number): boolean {
  const seconds = now.getTime() / 1000;
  return seconds < session.expiresAt && seconds < session.issuedAt + lifetimeSeconds;
}
