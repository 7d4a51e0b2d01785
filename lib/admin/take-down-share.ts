import "server-only";
import { getPrisma } from "../db";
import { Prisma } from "../generated/prisma/client";
import { notFound } from "../shares/get-share-meta";
import { isShareId } from "../shares/share-id";

type TakenDown = { id: string; size_bytes: number; page_count: number; api_key_id: string | null };

/** Deletes a note and its content for good (moderation takedown). not_found when there is none. */
export async function takeDownShare(options: { id: string }): Promise<TakenDown> {
  if (!isShareId(options.id)) throw notFound();
  const prisma = await getPrisma();
  const rows = await prisma.$queryRaw<TakenDown[]>(Prisma.sql`
    DELETE FROM shares WHERE id = ${options.id} RETURNING id, size_bytes, page_count, api_key_id`);
  const [row] = rows;
  if (!row) throw notFound();
  return row;
}
