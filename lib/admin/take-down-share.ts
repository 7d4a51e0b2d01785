import "server-only";
import { queryRows } from "../db";
import { assertShareId, notFound } from "../shares/share-id";
import { takeDownShareSql } from "../shares/share-sql";

type TakenDown = { id: string; size_bytes: number; page_count: number; api_key_id: string | null };

/** Deletes a note and its content for good (moderation takedown). not_found when there is none. */
export async function takeDownShare(options: { id: string }): Promise<TakenDown> {
  assertShareId(options.id);
  const [row] = await queryRows<TakenDown>(takeDownShareSql(options.id));
  if (!row) throw notFound();
  return row;
}
