import type { HeaderLookup } from "../http/api-request";
import "server-only";
import { queryRows } from "../db";
import { ApiError } from "../http/api-error";
import { bearerToken } from "../http/bearer-token";
import { secretMatchesHash } from "../crypto/secret-hash";
import { isWellFormedApiKey, publicPrefix } from "./api-key-format";
import { keyByPrefixSql, touchKeySql } from "./api-key-sql";

/** A verified key; `personId`: the person a key issued on /me acts as (null: admin-issued). */
export type ApiKeyIdentity = { id: string; personId: string | null };

/** last_used_at is written at most once a minute per key, to keep keyed requests cheap. */
const lastUsedResolutionMs = 60_000;

/** X-API-Key wins over `Authorization: Bearer`; other Authorization schemes are not ours. */
function presentedKey(headers: HeaderLookup): string | null {
  return headers.get("x-api-key")?.trim() ?? bearerToken(headers);
}

const badKey = () => new ApiError("bad_api_key", "The API key is unknown, malformed or revoked.");

/**
 * The key the request presents, verified: null when it presents none, bad_api_key when it presents
 * one that is unknown, malformed or revoked (on every route, even those that need no key).
 */
export async function authenticateRequest(headers: HeaderLookup): Promise<ApiKeyIdentity | null> {
  const key = presentedKey(headers);
  if (key === null) return null;
  if (!isWellFormedApiKey(key)) throw badKey();

  type Stored = {
    id: string;
    keyHash: string;
    revokedAt: Date | null;
    lastUsedAt: Date | null;
    personId: string | null;
  };
  const [record] = await queryRows<Stored>(keyByPrefixSql(publicPrefix(key)));
  // Compare hashes, not keys, in constant time: a lookup that fails must not tell how close it was.
  const matches = secretMatchesHash(key, record?.keyHash ?? null);
  if (!record || !matches || record.revokedAt) throw badKey();

  const now = Date.now();
  if (!record.lastUsedAt || now - record.lastUsedAt.getTime() > lastUsedResolutionMs) {
    await queryRows(touchKeySql(record.id));
  }
  return { id: record.id, personId: record.personId };
}
