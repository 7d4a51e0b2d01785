import "server-only";
import { queryRows } from "../db";
import { purgeRequestsSql } from "./request-sql";

/** Deletes every expired request, with its answers, in batches; says how many. */
export async function purgeExpiredRequests(options: { batchSize?: number; signal?: AbortSignal } = {}) {
  const { batchSize = 1000, signal } = options;
  let total = 0;
  while (!signal?.aborted) {
    const [row] = await queryRows<{ deleted: number }>(purgeRequestsSql(batchSize));
    const deleted = row?.deleted ?? 0;
    total += deleted;
    if (deleted < batchSize) break;
  }
  return total;
}
