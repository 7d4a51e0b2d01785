import { writeLogLine } from "../process/log-line";
import { repeatTask } from "../process/repeat-task";
import { deliverDueWebhooks } from "./outbox";
import { errorSummary } from "../process/describe-error";

// `npm start` fans the access log out into the outbox and delivers what is due every
// WEBHOOK_POLL_INTERVAL_MS; several server processes share the work (fan-out-sql.ts locks the log's
// cursor, outbox-sql.ts claims with SKIP LOCKED). A run that fails (a database outage) is simply
// tried again at the next interval: the cursor and the outbox keep everything due.

async function deliverAndLog(signal: AbortSignal): Promise<void> {
  try {
    await deliverDueWebhooks(signal);
  } catch (error) {
    writeLogLine({
      level: "error",
      msg: "webhook delivery failed",
      error: errorSummary(error),
    });
  }
}

/** Delivers due webhooks every `intervalMs`; `stop()` ends it after the attempts in progress. */
export function startWebhookDelivery(intervalMs: number): { stop: () => Promise<void> } {
  return repeatTask({ intervalMs, task: deliverAndLog });
}
