import { describe, expect, it } from "vitest";
import { logLinesOf } from "../test/log-lines";
import { taskFailures } from "./task-failures";

// What a repeated task's failures write to the log: an outage of the database once, at its start and
// at its end; any other failure every time.

const refused = () =>
  Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

describe("taskFailures", () => {
  it("logs a database outage once however many runs fail, then once when a run succeeds", async () => {
    const failures = taskFailures("webhook poll");
    const lines = await logLinesOf(() => {
      failures.succeeded();
      for (let run = 0; run < 80; run++) failures.failed(refused());
      failures.succeeded();
      failures.succeeded();
    });
    expect(lines).toEqual([
      {
        level: "error",
        msg: "webhook poll failed: the database is unavailable; retried at every run, logged again once it succeeds",
        error: "Error (code ECONNREFUSED)",
      },
      {
        level: "info",
        msg: "webhook poll resumed: the database answers again",
        failed_runs: 80,
        outage_ms: expect.any(Number),
      },
    ]);
    // The next outage is logged again.
    expect(await logLinesOf(() => failures.failed(refused()))).toHaveLength(1);
  });

  it("logs every other failure each time: it is not the database being away", async () => {
    const failures = taskFailures("cleanup");
    const lines = await logLinesOf(() => {
      failures.failed(new TypeError("x is undefined"));
      failures.failed(new TypeError("x is undefined"));
    });
    expect(lines).toEqual([
      { level: "error", msg: "cleanup failed", error: "TypeError" },
      { level: "error", msg: "cleanup failed", error: "TypeError" },
    ]);
  });
});
