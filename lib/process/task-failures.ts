import { isDatabaseUnavailable } from "../db/database-unavailable";
import { errorSummary } from "./describe-error";
import { writeLogLine } from "./log-line";

// The log of a task the server repeats on a timer (the webhook poll, the cleanup). While the
// database is away every run fails the same way: that is said once, when the outage begins, with
// what failed, and once more when a run succeeds again, with how many failed meanwhile; a poll every
// half second would otherwise write two lines a second for as long as the outage lasts. Any other
// failure is logged at every run: it is not the database being away, and each one is worth seeing.

export type TaskFailures = {
  /** A run succeeded: ends an outage, saying so. */
  succeeded: () => void;
  /** A run failed with `error`. */
  failed: (error: unknown) => void;
};

/** The failures of task `name` ("webhook poll"), as above. */
export function taskFailures(name: string): TaskFailures {
  let outage: { since: number; runs: number } | null = null;
  return {
    succeeded() {
      if (!outage) return;
      const { since, runs } = outage;
      outage = null;
      writeLogLine({
        level: "info",
        msg: `${name} resumed: the database answers again`,
        failed_runs: runs,
        outage_ms: Date.now() - since,
      });
    },
    failed(error) {
      if (!isDatabaseUnavailable(error)) {
        writeLogLine({ level: "error", msg: `${name} failed`, error: errorSummary(error) });
        return;
      }
      if (outage) {
        outage.runs += 1;
        return;
      }
      outage = { since: Date.now(), runs: 1 };
      writeLogLine({
        level: "error",
        msg: `${name} failed: the database is unavailable; retried at every run, logged again once it succeeds`,
        error: errorSummary(error),
      });
    },
  };
}
