import { writeLogLine } from "../process/log-line";
import { repeatTask } from "../process/repeat-task";
import { purgeExpiredNotes } from "../notes/purge-expired-notes";
import { taskFailures, type TaskFailures } from "../process/task-failures";

// Self-hosted servers (`npm start`) purge expired and burned notes on their own, every
// CLEANUP_INTERVAL_SECONDS. Under a platform (serverless functions come and go) the platform's
// cron calls GET /api/v1/cron/cleanup instead, so only scripts/start.ts starts this schedule.

async function purgeAndLog(signal: AbortSignal, failures: TaskFailures): Promise<void> {
  const started = performance.now();
  try {
    const purged = await purgeExpiredNotes({ signal });
    const duration_ms = Math.round(performance.now() - started);
    failures.succeeded();
    writeLogLine({ level: "info", msg: "cleanup", ...purged, duration_ms });
  } catch (error) {
    // The next run tries again (say, after a database outage, which is logged once).
    failures.failed(error);
  }
}

/** Purges every `intervalSeconds`, the first time one interval from now; `stop()` ends it. */
export function startCleanupSchedule(intervalSeconds: number): { stop: () => Promise<void> } {
  const failures = taskFailures("cleanup");
  return repeatTask({ intervalMs: intervalSeconds * 1000, task: (signal) => purgeAndLog(signal, failures) });
}
