import "server-only";
import { queryRows } from "../db";
import { sealingKeys } from "../env";
import { targetFailuresSql, type TargetFailuresRow } from "./target-failures-sql";
import type { WebhookFormat } from "./webhook-schemas";
import { openWebhookField } from "./webhook-sealing";

// What the note's status page says of its creator's own targets (added on /me): nothing while they
// arrive; for each that fails, its service and its URL's host, never the whole URL (a chat URL lets
// whoever has it post to the channel, and the status link may be shared), since when, whether it is
// still retried, and the last reason (an HTTP status or what went wrong).

export type TargetFailure = {
  format: WebhookFormat;
  host: string;
  state: "retrying" | "given_up";
  since: Date;
  reason: string;
};

/** The creator's targets the note's events fail to reach; empty when none fail. */
export async function targetFailuresOf(noteId: string): Promise<TargetFailure[]> {
  const rows = await queryRows<TargetFailuresRow>(targetFailuresSql(noteId));
  return rows.map((row) => ({
    format: row.format as WebhookFormat,
    host: new URL(openWebhookField(sealingKeys(), row.id, "url", row.url)).host,
    state: row.retrying ? "retrying" : "given_up",
    since: row.since,
    reason: row.reason,
  }));
}
