import { describe, expect, it } from "vitest";
import { repeatTask } from "./repeat-task";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("repeatTask", () => {
  it("never overlaps itself: a slow run delays the next", async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    const repeating = repeatTask({
      intervalMs: 5,
      task: async () => {
        active++;
        most = Math.max(most, active);
        await sleep(30);
        active--;
        runs++;
      },
    });
    await sleep(200);
    await repeating.stop();
    expect(most).toBe(1);
    // Each cycle is at least 35 ms, so at most 6 fit in 200 ms; at least 3 surely did.
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(runs).toBeLessThanOrEqual(6);
  });

  it("stop() aborts the run in progress, waits for it, and nothing runs after", async () => {
    const events: string[] = [];
    const repeating = repeatTask({
      intervalMs: 1,
      task: async (signal) => {
        events.push("start");
        while (!signal.aborted) await sleep(5);
        await sleep(20);
        events.push("end");
      },
    });
    await sleep(30);
    await repeating.stop();
    expect(events).toEqual(["start", "end"]);
    await sleep(30);
    expect(events).toEqual(["start", "end"]);
  });

  it("stop() before the first run means no run at all", async () => {
    let runs = 0;
    const repeating = repeatTask({ intervalMs: 10, task: async () => void runs++ });
    await repeating.stop();
    await sleep(40);
    expect(runs).toBe(0);
  });
});
