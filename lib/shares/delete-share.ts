import "server-only";
import { getPrisma } from "../db";
import { Prisma } from "../generated/prisma/client";
import type { ApiKeyIdentity } from "../keys/authenticate-request";
import { deleteTokenMatches } from "./delete-token";
import { notFound } from "./get-share-meta";
import { isShareId } from "./share-id";
import { liveShare } from "./share-sql";

type Owner = { api_key_id: string | null; delete_token_hash: string | null };

/**
 * Deletes a live note, with its pages, for its owner: the API key that created it, or the holder
 * of its delete token. Anyone else, like an unknown, expired or burned note, gets not_found, so a
 * failed delete never tells whether the note exists.
 */
export async function deleteShare(options: {
  id: string;
  apiKey: ApiKeyIdentity | null;
  /** the X-Delete-Token header, if any */
  deleteToken: string | null;
}): Promise<void> {
  const { id, apiKey, deleteToken } = options;
  if (!isShareId(id)) throw notFound();

  const prisma = await getPrisma();
  const [owner] = await prisma.$queryRaw<Owner[]>(Prisma.sql`
    SELECT api_key_id, delete_token_hash FROM shares WHERE id = ${id} AND ${liveShare}`);
  const byToken = deleteTokenMatches(deleteToken, owner?.delete_token_hash ?? null);
  const byKey = apiKey !== null && owner?.api_key_id === apiKey.id;
  if (!owner || !(byKey || byToken)) throw notFound();

  // Re-checks liveness: a note that burned or expired since the lookup is not_found all the same.
  const deleted = await prisma.$executeRaw(Prisma.sql`DELETE FROM shares WHERE id = ${id} AND ${liveShare}`);
  if (deleted === 0) throw notFound();
}
