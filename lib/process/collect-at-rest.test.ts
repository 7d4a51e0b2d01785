import { setTimeout as sleep } from "node:timers/promises";
import v8 from "node:v8";
import { describe, expect, it } from "vitest";
import { collectAll } from "./collect-at-rest";
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
