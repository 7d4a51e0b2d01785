import "server-only";
import { getPrisma } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { notFound } from "../shares/get-share-meta";
import { isShareId } from "../shares/share-id";

/**
 * A stored note (live, or expired or burned but not yet purged) with the fields `select` names, for
 * moderation; not_found when there is none. Reads nothing through the consuming path: no view counts.
 */
export async function findStoredShare<S extends Prisma.ShareSelect>(id: string, select: S) {
  if (!isShareId(id)) throw notFound();
  const prisma = await getPrisma();
  const note = await prisma.share.findUnique({ where: { id }, select });
  if (!note) throw notFound();
  return note;
}
