import { describe, expect, it } from "vitest";
import { resealInBatches } from "./reseal-in-batches";
import { SealError } from "./seal";

// The walk of `npm run reseal` on rows in memory: batches along the key, unopenable rows counted and
// left out of the write, what the write stored (not what was read) counted as re-sealed.

const rows = Array.from({ length: 7 }, (_, i) => ({ id: i + 1, value: i === 3 ? "lost" : `v${i + 1}` }));

const walk = (options: { written?: (batch: string[]) => number; reseal?: (value: string) => string }) => {
  const cursors: number[] = [];
  const writes: string[][] = [];
  const batches: number[] = [];
  const done = resealInBatches({
    start: 0,
    next: async (after: number) => {
      cursors.push(after);
      return rows.filter((row) => row.id > after).slice(0, 3);
    },
    cursorOf: (row) => row.id,
    reseal: (row) => {
      if (row.value === "lost") throw new SealError("no key opens it");
      return (options.reseal ?? ((value: string) => `new ${value}`))(row.value);
    },
    write: async (batch) => {
      writes.push(batch);
      return options.written?.(batch) ?? batch.length;
    },
    onBatch: (resealed) => batches.push(resealed),
  });
  return { done, cursors, writes, batches };
};

describe("resealInBatches", () => {
  it("walks the rows in batches, writes what opened and counts what did not", async () => {
    const { done, cursors, writes, batches } = walk({});
    expect(await done).toEqual({ resealed: 6, unopenable: 1 });
    expect(cursors).toEqual([0, 3, 6, 7]);
    expect(writes).toEqual([["new v1", "new v2", "new v3"], ["new v5", "new v6"], ["new v7"]]);
    expect(batches).toEqual([3, 5, 6]);
  });

  it("counts what the write stored: rows changed since they were read are not re-sealed", async () => {
    const { done } = walk({ written: (batch) => batch.length - 1 });
    expect(await done).toEqual({ resealed: 3, unopenable: 1 });
  });

  it("lets any error other than a SealError through", async () => {
    const { done, writes } = walk({
      reseal: (value) => {
        if (value === "v2") throw new TypeError("a bug");
        return value;
      },
    });
    await expect(done).rejects.toThrow(TypeError);
    expect(writes).toEqual([]);
  });
});
