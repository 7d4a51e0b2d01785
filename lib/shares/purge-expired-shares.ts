import "server-only";
import { getPrisma } from "../db";
import { Prisma } from "../generated/prisma/client";

// Expired and burned notes are already invisible to clients (every query checks liveness against
// the database clock); purging makes them really go away. Rows go in batches, each found through
// the expires_at or burned_at index and locked with SKIP LOCKED, so a purge never holds many locks
// at once, never waits on a read in progress, and two purges running together do not collide.

/** Rows deleted per statement. */
const defaultBatchSize = 1000;

// A burned note's content went with its last read; its row (no content, no password hash) goes at
// the next purge. `<= now()` mirrors liveShare in share-sql.ts: nothing live matches either.
const purgeable = {
  expired: Prisma.sql`expires_at <= now() ORDER BY expires_at`,
  burned: Prisma.sql`burned_at <= now() ORDER BY burned_at`,
};

export type PurgeCounts = { [Kind in keyof typeof purgeable]: number };

type PurgeOptions = {
  batchSize?: number;
  /** stops between batches (shutdown); what was deleted so far is counted */
  signal?: AbortSignal;
};

async function purgeKind(kind: keyof typeof purgeable, options: PurgeOptions): Promise<number> {
  const { batchSize = defaultBatchSize, signal } = options;
  const prisma = await getPrisma();
  let total = 0;
  while (!signal?.aborted) {
    const deleted = await prisma.$executeRaw(Prisma.sql`
      DELETE FROM shares WHERE id IN (
        SELECT id FROM shares WHERE ${purgeable[kind]} LIMIT ${batchSize}::int FOR UPDATE SKIP LOCKED)`);
    total += deleted;
    if (deleted < batchSize) break;
  }
  return total;
}

/** Deletes every expired or burned note (pages go with them) and says how many of each. */
export async function purgeExpiredShares(options: PurgeOptions = {}): Promise<PurgeCounts> {
  const expired = await purgeKind("expired", options);
  const burned = await purgeKind("burned", options);
  return { expired, burned };
}
