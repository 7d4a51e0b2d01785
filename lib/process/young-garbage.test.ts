import { constants, PerformanceObserver, type PerformanceEntry } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { fullCollectionBytes, movedBytes } from "./young-garbage";
import { MiB } from "../byte-units";

/**
 * The collections of `kind` (a NODE_PERFORMANCE_GC_ constant) that ran during `work` itself: V8's
 * own, which a large buffer can set off, finish in a task after it and do not count.
 */
async function collectionsDuring(
  work: () => void,
  kind = constants.NODE_PERFORMANCE_GC_MINOR,
): Promise<number> {
  const entries: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
  observer.observe({ entryTypes: ["gc"] });
  const started = performance.now();
  work();
  const ended = performance.now();
  await sleep(50);
  observer.disconnect();
  return entries.filter(
    (entry) =>
      (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === kind &&
      entry.startTime >= started &&
      entry.startTime <= ended,
  ).length;
}

describe("movedBytes", () => {
  it("collects the young generation once every 2 MiB moved, without exposing gc", async () => {
    movedBytes(2 * MiB);
    expect(await collectionsDuring(() => movedBytes(2 * MiB - 1))).toBe(0);
    expect(await collectionsDuring(() => movedBytes(1))).toBe(1);
    expect(await collectionsDuring(() => movedBytes(5 * MiB))).toBe(1);
    expect("gc" in globalThis).toBe(false);
  });

  it("collects everything instead once the buffers outside the heap have grown by the limit", async () => {
    const major = constants.NODE_PERFORMANCE_GC_MAJOR;
    movedBytes(2 * MiB);
    expect(await collectionsDuring(() => movedBytes(2 * MiB), major)).toBe(0);
    // Held while the collection runs, as a buffer promoted to the old generation would be.
    const held = new ArrayBuffer(fullCollectionBytes + MiB);
    expect(await collectionsDuring(() => movedBytes(2 * MiB), major)).toBe(1);
    // Still in use: the next full collection waits for as much again on top of it.
    expect(await collectionsDuring(() => movedBytes(2 * MiB), major)).toBe(0);
    expect(held.byteLength).toBe(fullCollectionBytes + MiB);
  });
});
