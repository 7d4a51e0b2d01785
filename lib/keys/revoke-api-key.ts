import "server-only";
import { queryRows } from "../db";
import { revokeKeySql, type ApiKeyRow } from "./api-key-sql";
import { hashApiKey, isKeyId, isWellFormedApiKey, publicPrefix } from "./api-key-format";

/**
 * Revokes a key given as the key itself, its id, or its public prefix. Returns the revoked key,
 * or null when nothing matches. Revoking twice keeps the first revocation time.
 */
export async function revokeApiKey(options: { keyOrId: string }): Promise<ApiKeyRow | null> {
  const needle = options.keyOrId.trim();
  const where = isWellFormedApiKey(needle)
    ? { prefix: publicPrefix(needle), keyHash: hashApiKey(needle) }
    : isKeyId(needle)
      ? { id: needle }
      : { prefix: needle };
  const [revoked] = await queryRows<ApiKeyRow>(revokeKeySql(where));
  return revoked ?? null;
}
