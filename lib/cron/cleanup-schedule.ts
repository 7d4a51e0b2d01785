import { writeLogLine } from "../process/log-line";
import { repeatTask } from "../process/repeat-task";
import { purgeExpiredNotes } from "../notes/purge-expired-notes";
import { errorSummary } from "../process/describe-error";

// Self-hosted servers (`npm start`) purge expired and burned notes on their own, every
// CLEANUP_INTERVAL_SECONDS. Under a platform (serverless functions come and go) the platform's
// cron calls GET /api/v1/cron/cleanup instead, so only scripts/start.ts starts this schedule.

async function purgeAndLog(signal: AbortSignal): Promise<void> {
  const started = performance.now();
  try {
    const purged = await purgeExpiredNotes({ signal });
    const duration_ms = Math.round(performance.now() - started);
    writeLogLine({ level: "info", msg: "cleanup", ...purged, duration_ms });
  } catch (error) {
    // The next run tries again (say, after a database outage).
    writeLogLine({
      level: "error",
      msg: "cleanup failed",
      error: errorSummary(error),
    });
  }
}

/** Purges every `intervalSeconds`, the first time one interval from now; `stop()` ends it. */
export function startCleanupSchedule(intervalSeconds: number): { stop: () => Promise<void> } {
  return repeatTask({ intervalMs: intervalSeconds * 1000, task: purgeAndLog });
}
