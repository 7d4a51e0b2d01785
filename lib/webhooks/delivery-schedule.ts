import { repeatTask } from "../process/repeat-task";
import { taskFailures } from "../process/task-failures";
import { deliverDueWebhooks } from "./outbox";

// `npm start` fans the access log out into the outbox and delivers what is due every
// WEBHOOK_POLL_INTERVAL_MS; several server processes share the work (fan-out-sql.ts locks the log's
// cursor, outbox-sql.ts claims with SKIP LOCKED). A poll that fails (a database outage) is simply
// tried again at the next interval: the cursor and the outbox keep everything due. An outage is
// logged once, not at every poll (lib/process/task-failures.ts).

/** Delivers due webhooks every `intervalMs`; `stop()` ends it after the attempts in progress. */
export function startWebhookDelivery(intervalMs: number): { stop: () => Promise<void> } {
  const failures = taskFailures("webhook poll");
  return repeatTask({
    intervalMs,
    task: (signal) => deliverDueWebhooks(signal).then(failures.succeeded, failures.failed),
  });
}
