import { env } from "../env";
import { purgeExpiredShares } from "../shares/purge-expired-shares";
import { isBehindFrontServer } from "./client-socket";
import { writeLogLine } from "../process/log-line";
import { repeatTask } from "../process/repeat-task";
import { onShutdown } from "../process/shutdown-hooks";

// Self-hosted servers (`npm start`) purge expired and burned notes on their own, every
// CLEANUP_INTERVAL_SECONDS. Under a platform (serverless functions come and go) the platform's
// cron calls GET /api/v1/cron/cleanup instead, so nothing runs here then.

async function purgeAndLog(signal: AbortSignal): Promise<void> {
  const started = performance.now();
  try {
    const purged = await purgeExpiredShares({ signal });
    const duration_ms = Math.round(performance.now() - started);
    writeLogLine({ level: "info", msg: "cleanup", ...purged, duration_ms });
  } catch (error) {
    // The next run tries again (say, after a database outage).
    writeLogLine({
      level: "error",
      msg: "cleanup failed",
      error: error instanceof Error ? error.message : "unknown",
    });
  }
}

/** Starts the periodic purge when `npm start` serves this process and the interval is not 0. */
export function startCleanupSchedule(): void {
  if (!isBehindFrontServer() || env.CLEANUP_INTERVAL_SECONDS === 0) return;
  const schedule = repeatTask({ intervalMs: env.CLEANUP_INTERVAL_SECONDS * 1000, task: purgeAndLog });
  onShutdown(schedule.stop);
}
