import "server-only";
import { queryRows } from "../db";
import { countNote, type NoteTraits } from "../metrics/metrics";
import { purgeNotesSql, type PurgeKind } from "./note-sql";

// Expired and burned notes are already invisible to clients (every query checks liveness against
// the database clock); purging makes them really go away, in batches, so a purge never holds many
// locks at once (purgeNotesSql).

/** Rows deleted per statement. */
const defaultBatchSize = 1000;

export type PurgeCounts = Record<PurgeKind, number>;

type PurgeOptions = {
  batchSize?: number;
  /** stops between batches (shutdown); what was deleted so far is counted */
  signal?: AbortSignal;
};

async function purgeKind(kind: PurgeKind, options: PurgeOptions): Promise<number> {
  const { batchSize = defaultBatchSize, signal } = options;
  let total = 0;
  while (!signal?.aborted) {
    const groups = await queryRows<NoteTraits & { deleted: number }>(purgeNotesSql(kind, batchSize));
    // A burned note was counted when it burned; an expired one is counted as it goes.
    if (kind === "expired") for (const group of groups) countNote("expired", group, group.deleted);
    const deleted = groups.reduce((sum, group) => sum + group.deleted, 0);
    total += deleted;
    if (deleted < batchSize) break;
  }
  return total;
}

/** Deletes every expired or burned note (pages go with them) and says how many of each. */
export async function purgeExpiredNotes(options: PurgeOptions = {}): Promise<PurgeCounts> {
  const expired = await purgeKind("expired", options);
  const burned = await purgeKind("burned", options);
  return { expired, burned };
}
