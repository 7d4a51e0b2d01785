import "server-only";
import type { Prisma } from "../generated/prisma/client";
import { queryRows } from "../db";
import { env } from "../env";
import { collectFiles, purgeAbandonedUploads } from "../files/collect-files";
import { countNote, type NoteTraits } from "../metrics/metrics";
import { purgeExpiredSignIns } from "../people/pending-sign-ins";
import { purgeEndedSessions } from "../people/person-sessions";
import { purgeExpiredRequests } from "../requests/purge-expired-requests";
import { purgeOldDeliveries } from "../webhooks/outbox";
import { purgeKeptAnswersSql } from "../idempotency/kept-answer-sql";
import { purgeNoteEventsSql } from "./note-event-sql";
import { purgeNotesSql, type PurgeKind } from "./note-removal-sql";

// Expired and burned notes are already invisible to clients (every query checks liveness against
// the database clock); purging makes them really go away, in batches, so a purge never holds many
// locks at once (purgeNotesSql).

/** Rows deleted per statement. */
const defaultBatchSize = 1000;

type PurgeCounts = Record<PurgeKind | "abandoned" | "files", number>;

type PurgeOptions = {
  batchSize?: number;
  /** stops between batches (shutdown); what was deleted so far is counted */
  signal?: AbortSignal;
};

/** Runs `statement` until a batch deletes fewer than its size; its rows count what they deleted. */
async function purgeInBatches<Row extends { deleted: number }>(
  statement: (batchSize: number) => Prisma.Sql,
  options: PurgeOptions,
  onBatch?: (rows: Row[]) => void,
): Promise<number> {
  const { batchSize = defaultBatchSize, signal } = options;
  let total = 0;
  while (!signal?.aborted) {
    const rows = await queryRows<Row>(statement(batchSize));
    onBatch?.(rows);
    const deleted = rows.reduce((sum, row) => sum + row.deleted, 0);
    total += deleted;
    if (deleted < batchSize) break;
  }
  return total;
}

// A burned note was counted in the metrics when it burned; an expired one is counted as it goes.
const purgeKind = (kind: PurgeKind, options: PurgeOptions) =>
  purgeInBatches<NoteTraits & { deleted: number }>(
    (batchSize) => purgeNotesSql(kind, batchSize),
    options,
    (groups) => {
      if (kind === "expired") for (const group of groups) countNote("expired", group, group.deleted);
    },
  );

/**
 * Deletes every expired or burned note (pages go with them) and says how many of each. Also forgets
 * what outlives notes for a while: access logs ACCESS_LOG_RETENTION_DAYS after their note is gone,
 * webhook deliveries done for a week, kept answers once their window ends. Expired requests go too
 * (lib/requests), with their answers, and so do people's ended sessions and unfinished sign-ins.
 */
export async function purgeExpiredNotes(options: PurgeOptions = {}): Promise<PurgeCounts> {
  const expired = await purgeKind("expired", options);
  const burned = await purgeKind("burned", options);
  const abandoned = await purgeAbandonedUploads();
  const files = await collectFiles();
  const days = env.ACCESS_LOG_RETENTION_DAYS;
  await purgeInBatches((batchSize) => purgeNoteEventsSql(days, batchSize), options);
  await purgeInBatches(purgeKeptAnswersSql, options);
  await purgeOldDeliveries();
  await purgeExpiredRequests(options);
  await purgeExpiredSignIns();
  await purgeEndedSessions();
  return { expired, burned, abandoned, files };
}
