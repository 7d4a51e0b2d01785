import "server-only";
import { getPrisma } from "../db";
import { hashApiKey, isWellFormedApiKey, publicPrefix } from "./api-key-format";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Revokes a key given as the key itself, its id, or its public prefix. Returns the revoked key,
 * or null when nothing matches. Revoking twice keeps the first revocation time.
 */
export async function revokeApiKey(options: { keyOrId: string }) {
  const needle = options.keyOrId.trim();
  const prisma = await getPrisma();
  const where = isWellFormedApiKey(needle)
    ? { prefix: publicPrefix(needle), keyHash: hashApiKey(needle) }
    : uuidPattern.test(needle)
      ? { id: needle }
      : { prefix: needle };
  const key = await prisma.apiKey.findFirst({ where, select: { id: true, revokedAt: true } });
  if (!key) return null;
  return prisma.apiKey.update({
    where: { id: key.id },
    data: { revokedAt: key.revokedAt ?? new Date() },
    select: { id: true, label: true, prefix: true, revokedAt: true },
  });
}
