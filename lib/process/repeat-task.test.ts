import { describe, expect, it } from "vitest";
import { repeatTask } from "./repeat-task";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("repeatTask", () => {
  it("never overlaps itself: a slow run delays the next", async () => {
    // The interval is far shorter than a run: were runs timed from their starts, they would overlap.
    const events: string[] = [];
    let thirdRunEnded: () => void = () => {};
    const threeRuns = new Promise<void>((resolve) => (thirdRunEnded = resolve));
    const repeating = repeatTask({
      intervalMs: 1,
      task: async () => {
        events.push("start");
        await sleep(30);
        events.push("end");
        if (events.length === 6) thirdRunEnded();
      },
    });
    await threeRuns;
    await repeating.stop();
    expect(events.slice(0, 6)).toEqual(["start", "end", "start", "end", "start", "end"]);
    for (let i = 0; i < events.length; i++) expect(events[i]).toBe(i % 2 ? "end" : "start");
  });

  it("stop() aborts the run in progress, waits for it, and nothing runs after", async () => {
    const events: string[] = [];
    let runStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => (runStarted = resolve));
    const repeating = repeatTask({
      intervalMs: 1,
      task: async (signal) => {
        events.push("start");
        runStarted();
        while (!signal.aborted) await sleep(5);
        await sleep(20);
        events.push("end");
      },
    });
    await started;
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
