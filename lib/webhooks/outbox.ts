import "server-only";
import { SealError } from "../crypto/seal";
import { queryRows } from "../db";
import { env, sealingKeys } from "../env";
import { metrics } from "../metrics/metrics";
import { openRecipientLabel } from "../notes/recipient-sealing";
import { deliverEmail, type EmailAttempt } from "../notifications/deliver-email";
import { purgeRequestTargetsSql } from "../notifications/notify-target-sql";
import { writeLogLine } from "../process/log-line";
import { deliverChat } from "./deliver-chat";
import { deliverWebhook } from "./deliver-webhook";
import { fanOutNoteEventsSql, type FanOutRow } from "./fan-out-sql";
import {
  claimDeliveriesSql,
  deliveredSql,
  failedSql,
  purgeDeliveriesSql,
  type ClaimedDelivery,
  type WebhookDelivery,
} from "./outbox-sql";
import { openWebhookField } from "./webhook-sealing";

// Delivers the outbox (webhook_deliveries: webhooks, chat targets, and emails of lib/notifications), which each run first fills from the access log
// (fan-out-sql.ts), and which the statement that records an answer to a request fills itself
// (lib/requests). Each run then claims what is due, tries each once, and records the
// outcome: delivered, or due again after a backoff (WEBHOOK_RETRY_BASE_MS, then 3 times longer each
// time, at most 6 hours: about a day over 10 attempts with the default), or given up after the last.

/** Attempts in all, the first included. */
const maxAttempts = 10;
const maxDelayMs = 6 * 3600_000;
const batchSize = 20;
/** Log entries fanned out per statement: one short lock on the cursor row each. */
const fanOutBatchSize = 500;
/** Deliveries done (delivered or given up) are forgotten after this long. */
const keepDoneDays = 7;

/** The wait after failed attempt number `attempt` (1 for the first). */
function retryDelayMs(attempt: number, baseMs = env.WEBHOOK_RETRY_BASE_MS): number {
  return Math.min(baseMs * 3 ** (attempt - 1), maxDelayMs);
}

/** What `openValue` opens; null when no configured key opens it (a failed attempt, retried). */
function opened(openValue: () => string): string | null {
  try {
    return openValue();
  } catch (error) {
    if (error instanceof SealError) return null;
    throw error;
  }
}

/** The webhook's URL or signing secret, opened; null when no configured key opens it. */
const fieldOf = (delivery: WebhookDelivery, field: "url" | "secret") =>
  opened(() => openWebhookField(sealingKeys(), delivery.webhook_id, field, delivery[field]));

type Payload = { data?: { id?: string; recipient?: string | null } };

/**
 * The body to send: the payload with its recipient's label opened (stored sealed, bound to the
 * link's id); null when no configured key opens it.
 */
function bodyOf(delivery: WebhookDelivery): string | null {
  const payload = delivery.payload as Payload;
  const data = payload.data;
  const { id, recipient } = data ?? {};
  if (!id || typeof recipient !== "string") return JSON.stringify(payload);
  return opened(() =>
    JSON.stringify({
      ...payload,
      data: { ...data, recipient: openRecipientLabel(sealingKeys(), id, recipient) },
    }),
  );
}

type Outcome = EmailAttempt | { outcome: "delivered"; addressHash?: undefined };

async function attemptWebhook(delivery: WebhookDelivery): Promise<Outcome> {
  const url = fieldOf(delivery, "url");
  if (url === null)
    return { outcome: "failed", error: "the webhook's URL opens with none of the configured keys" };
  if (delivery.format !== "standard") {
    const result = await deliverChat({ url, payload: delivery.payload, format: delivery.format });
    return result.delivered ? { outcome: "delivered" } : { outcome: "failed", error: result.error };
  }
  const secret = fieldOf(delivery, "secret");
  const body = bodyOf(delivery);
  if (!secret || body === null) {
    const unopened = !secret ? "the webhook's signing secret" : "the recipient's label";
    return { outcome: "failed", error: `${unopened} opens with none of the configured keys` };
  }
  const result = await deliverWebhook({
    url,
    secret,
    messageId: `msg_${delivery.id}`,
    body,
    timeoutMs: env.WEBHOOK_TIMEOUT_MS,
    allowPrivate: env.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
  });
  return result.delivered ? { outcome: "delivered" } : { outcome: "failed", error: result.error };
}

/** Tries one delivery and records what became of it, in the outbox and in the metrics. */
async function attempt(delivery: ClaimedDelivery): Promise<void> {
  const result = delivery.channel === "email" ? await deliverEmail(delivery) : await attemptWebhook(delivery);
  // A chat target counts under its format's name, a Standard Webhook under `webhook`.
  const channel =
    delivery.channel === "webhook" && delivery.format !== "standard" ? delivery.format : delivery.channel;
  const counted = metrics.notifications[channel];
  if (result.outcome === "delivered") {
    await queryRows(deliveredSql(delivery.id, result.addressHash ?? null));
    counted.delivered.inc();
    return;
  }
  // An address that opted out, or got its hourly emails: done, never retried.
  if (result.outcome !== "failed") {
    await queryRows(failedSql(delivery.id, result.outcome, null));
    counted[result.outcome].inc();
    return;
  }
  const giveUp = delivery.attempts >= maxAttempts;
  await queryRows(failedSql(delivery.id, result.error, giveUp ? null : retryDelayMs(delivery.attempts)));
  counted[giveUp ? "given_up" : "failed"].inc();
  if (giveUp) {
    writeLogLine({
      level: "warn",
      msg: `${channel} delivery given up`,
      delivery: delivery.id,
      attempts: maxAttempts,
    });
  }
}

/**
 * Tries claimed deliveries: webhooks at once, emails one after another, so that an address's
 * hourly count sees each email before the next is weighed against it.
 */
async function attemptAll(claimed: ClaimedDelivery[]): Promise<void> {
  const emails = claimed.filter((delivery) => delivery.channel === "email");
  const sendInTurn = async () => {
    for (const email of emails) await attempt(email);
  };
  await Promise.all([
    ...claimed.filter((delivery) => delivery.channel !== "email").map(attempt),
    sendInTurn(),
  ]);
}

/** Fans out the log's new entries until none is left (or `signal` stops it). */
async function fanOutNoteEvents(signal?: AbortSignal): Promise<void> {
  while (!signal?.aborted) {
    const [row] = await queryRows<FanOutRow>(fanOutNoteEventsSql(fanOutBatchSize));
    if (!row || row.events < fanOutBatchSize) break;
  }
}

/**
 * Fans out the log's new entries, then claims and attempts due deliveries until none is due (or
 * `signal` stops it); counts attempts.
 */
export async function deliverDueWebhooks(signal?: AbortSignal): Promise<number> {
  const leaseMs = env.WEBHOOK_TIMEOUT_MS + 60_000;
  await fanOutNoteEvents(signal);
  let attempted = 0;
  while (!signal?.aborted) {
    const claimed = await queryRows<ClaimedDelivery>(
      claimDeliveriesSql(batchSize, leaseMs, env.SMTP_URL !== undefined),
    );
    await attemptAll(claimed);
    attempted += claimed.length;
    if (claimed.length < batchSize) break;
  }
  return attempted;
}

/**
 * Forgets deliveries delivered or given up more than a week ago, and the notification targets of
 * requests gone (cleanup).
 */
export async function purgeOldDeliveries(): Promise<number> {
  await queryRows(purgeRequestTargetsSql());
  const [row] = await queryRows<{ purged: number }>(purgeDeliveriesSql(keepDoneDays));
  return row?.purged ?? 0;
}
