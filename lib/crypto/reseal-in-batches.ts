import { SealError } from "./seal";

// The walk every part of `npm run reseal` takes (pages, webhook secrets, recipients' labels,
// requests' texts), so each part says only which rows it reads, how one is re-sealed and how a
// batch is written.

export type ResealCount = {
  /** values now sealed with the first key */
  resealed: number;
  /** values no configured key opens (left as they are) */
  unopenable: number;
};

/**
 * Reads the rows still to re-seal in batches, walking a key from `start` (`next` returns the rows
 * after a cursor, in its order), re-seals each (`reseal` throws SealError when no configured key
 * opens it: the row is counted and left alone), and hands each batch to `write`, which stores it
 * in a way that skips any row changed since it was read, so the service can run meanwhile; it
 * returns how many it stored.
 */
export async function resealInBatches<Row, Cursor, Resealed>(options: {
  start: Cursor;
  next: (after: Cursor) => Promise<Row[]>;
  cursorOf: (row: Row) => Cursor;
  reseal: (row: Row) => Resealed;
  write: (batch: Resealed[]) => Promise<number>;
  onBatch?: (resealed: number) => void;
}): Promise<ResealCount> {
  const count: ResealCount = { resealed: 0, unopenable: 0 };
  let after = options.start;
  for (;;) {
    const batch = await options.next(after);
    const last = batch.at(-1);
    if (last === undefined) return count;
    after = options.cursorOf(last);
    const resealed: Resealed[] = [];
    for (const row of batch) {
      try {
        resealed.push(options.reseal(row));
      } catch (error) {
        if (!(error instanceof SealError)) throw error;
        count.unopenable++;
      }
    }
    if (resealed.length > 0) count.resealed += await options.write(resealed);
    options.onBatch?.(count.resealed);
  }
}
