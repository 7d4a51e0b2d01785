import { constants, PerformanceObserver, type PerformanceEntry } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { movedBytes } from "./young-garbage";

const MiB = 1024 * 1024;

/** The young-generation collections that ran during `work`. */
async function scavengesDuring(work: () => void): Promise<number> {
  const entries: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
  observer.observe({ entryTypes: ["gc"] });
  work();
  await sleep(50);
  observer.disconnect();
  return entries.filter(
    (entry) =>
      (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ===
      constants.NODE_PERFORMANCE_GC_MINOR,
  ).length;
}

describe("movedBytes", () => {
  it("collects the young generation once every 2 MiB moved, without exposing gc", async () => {
    movedBytes(2 * MiB);
    expect(await scavengesDuring(() => movedBytes(2 * MiB - 1))).toBe(0);
    expect(await scavengesDuring(() => movedBytes(1))).toBe(1);
    expect(await scavengesDuring(() => movedBytes(5 * MiB))).toBe(1);
    expect("gc" in globalThis).toBe(false);
  });
});
