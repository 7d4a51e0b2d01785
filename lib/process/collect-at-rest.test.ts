import { setTimeout as sleep } from "node:timers/promises";
import v8 from "node:v8";
import { afterEach, describe, expect, it, vi } from "vitest";
import { collectAll, restMs, startCollectingAtRest } from "./collect-at-rest";
import { MiB } from "../byte-units";

const newSpaceBytes = () =>
  v8.getHeapSpaceStatistics().find((space) => space.space_name === "new_space")?.space_size;

describe("collectAll", () => {
  it("frees garbage that survived into the old generation", async () => {
    let survivor: object[] | null = Array.from({ length: 1000 }, (_, i) => ({ i }));
    const weak = new WeakRef(survivor);
    // Two scavenges move it out of the young generation, where only a full collection frees it.
    for (let i = 0; i < 40; i++) new Array(256 * 1024).fill(i);
    survivor = null;
    // A WeakRef keeps its target until the job that made it has ended.
    await sleep(0);
    collectAll();
    expect(weak.deref()).toBe(undefined);
  });

  it.runIf(Number(process.versions.node.split(".")[0]) > 20)(
    "shrinks the young generation a burst grew (newer than Node 20)",
    () => {
      // Young objects that survive a scavenge make V8 grow the young generation.
      const kept: number[][] = [];
      for (let i = 0; i < 400; i++) kept.push(new Array(16 * 1024).fill(i));
      expect(newSpaceBytes()).toBeGreaterThan(4 * MiB);
      kept.length = 0;
      collectAll();
      expect(newSpaceBytes()).toBeLessThanOrEqual(2 * MiB);
    },
  );
});

describe("startCollectingAtRest", () => {
  afterEach(() => vi.useRealTimers());

  /**
   * Uses `ms` of CPU: more than the 5% of a check that counts as quiet. Measured in CPU time, as the
   * code under test measures it, so that a loaded machine cannot make it count as quiet.
   */
  const busy = (ms: number) => {
    const start = process.cpuUsage();
    for (let used = 0; used < ms * 1000;) {
      const { user, system } = process.cpuUsage(start);
      used = user + system;
    }
  };

  it("collects at start, then once the process has rested restMs after it grew, not before", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const collect = vi.fn();
    const stop = startCollectingAtRest(collect);
    expect(collect).toHaveBeenCalledTimes(1);
    // 48 MiB written page by page: resident, more than the 16 MiB of growth worth collecting.
    const grown = Buffer.alloc(48 * MiB, 1);
    vi.advanceTimersByTime(restMs / 2);
    // Work halfway through the rest starts it over.
    busy(400);
    vi.advanceTimersByTime(restMs - 2000);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(restMs / 2 + 2000);
    expect(collect).toHaveBeenCalledTimes(2);
    // Resting on without growing more collects nothing more.
    vi.advanceTimersByTime(3 * restMs);
    expect(collect).toHaveBeenCalledTimes(2);
    stop();
    expect(grown[0]).toBe(1);
  });

  it("a process at rest that has not grown does not collect again", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const collect = vi.fn();
    const stop = startCollectingAtRest(collect);
    vi.advanceTimersByTime(3 * restMs);
    expect(collect).toHaveBeenCalledTimes(1);
    stop();
  });
});
