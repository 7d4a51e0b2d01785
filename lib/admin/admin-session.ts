import { deriveKey, digestsEqual, hmacSha256 } from "../crypto/digest";

// The admin session is a cookie the server signs and verifies; nothing is stored. Its value is
// `<issued>.<expires>.<signature>` (Unix seconds, then the base64url HMAC-SHA256 of the two times).
// The signing key is derived from ADMIN_SECRET, so changing the secret ends every session.

export type AdminSession = { issuedAt: number; expiresAt: number };

const tokenPattern = /^(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;
/** Clocks of several server processes may differ a little; a token from further ahead is forged. */
const clockSkewSeconds = 60;

function signature(secret: string, issuedAt: number, expiresAt: number): Buffer {
  return hmacSha256(deriveKey(secret, "notes admin session v1"), `${issuedAt}.${expiresAt}`);
}

export function createSessionToken(options: { secret: string; now: Date; lifetimeSeconds: number }): string {
  const issuedAt = Math.floor(options.now.getTime() / 1000);
  const expiresAt = issuedAt + options.lifetimeSeconds;
  return `${issuedAt}.${expiresAt}.${signature(options.secret, issuedAt, expiresAt).toString("base64url")}`;
}

/**
 * The session a token carries, or null when it is malformed, signed with another secret, expired,
 * or older than the current lifetime setting allows (shortening the setting shortens live sessions).
 */
export function verifySessionToken(options: {
  token: string | undefined;
  secret: string;
  now: Date;
  lifetimeSeconds: number;
}): AdminSession | null {
  const match = tokenPattern.exec(options.token ?? "");
  if (!match) return null;
  const issuedAt = Number(match[1]);
  const expiresAt = Number(match[2]);
  const given = Buffer.from(match[3] ?? "", "base64url");
  if (!digestsEqual(given, signature(options.secret, issuedAt, expiresAt))) return null;
  const now = options.now.getTime() / 1000;
  const fresh = now < expiresAt && now < issuedAt + options.lifetimeSeconds;
  return fresh && issuedAt <= now + clockSkewSeconds ? { issuedAt, expiresAt } : null;
}
