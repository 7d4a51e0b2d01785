import { Prisma } from "../generated/prisma/client";
import type { WebhookFormat } from "./webhook-schemas";

// The outbox's statements on webhook_deliveries: claiming due deliveries with FOR UPDATE SKIP
// LOCKED, recording each attempt's outcome, and forgetting old ones. Run with queryRows (lib/db.ts).

type Claimed = { id: string; event: string; payload: unknown; attempts: number };

export type WebhookDelivery = Claimed & {
  channel: "webhook";
  webhook_id: string;
  format: WebhookFormat;
  /** url and secret sealed (lib/webhooks/webhook-sealing.ts), or as created before sealing */
  url: string;
  secret: string;
};

/** An email (lib/notifications): its target's fields as notify_targets holds them, sealed. */
export type EmailDelivery = Claimed & {
  channel: "email";
  email: string;
  locale: string;
  status_token: string | null;
};

export type ClaimedDelivery = WebhookDelivery | EmailDelivery;

/**
 * Claims up to `limit` due deliveries: counts the attempt and pushes next_attempt_at `leaseMs` ahead,
 * so no other process takes them while this one tries (SKIP LOCKED: nor while this statement runs).
 * If this process dies mid-attempt, the delivery is due again when the lease ends: at least once.
 * Emails only when this process has a mail server (`emails`): another instance's stay due.
 */
export function claimDeliveriesSql(limit: number, leaseMs: number, emails = false) {
  return Prisma.sql`
    UPDATE webhook_deliveries d
    SET attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000}::float8)
    WHERE d.id IN (
      SELECT id FROM webhook_deliveries WHERE next_attempt_at <= now() AND (channel = 'webhook' OR ${emails}::boolean)
      ORDER BY next_attempt_at LIMIT ${limit}::int FOR UPDATE SKIP LOCKED)
    RETURNING d.id, d.event, d.payload, d.attempts, d.channel, d.email, d.locale, d.status_token, d.webhook_id,
              (SELECT w.url FROM webhooks w WHERE w.id = d.webhook_id) AS url,
              (SELECT w.secret FROM webhooks w WHERE w.id = d.webhook_id) AS secret,
              (SELECT w.format FROM webhooks w WHERE w.id = d.webhook_id) AS format`;
}

/**
 * A claimed delivery that arrived: done, never due again, and an email's address forgotten. An email
 * counts against its address's hourly limit (`addressHash`) in the same statement.
 */
export function deliveredSql(id: string, addressHash: string | null = null) {
  return Prisma.sql`
    WITH sent AS (
      INSERT INTO notify_sends (address_hash) SELECT ${addressHash}::text WHERE ${addressHash}::text IS NOT NULL
    )
    UPDATE webhook_deliveries SET delivered_at = now(), next_attempt_at = NULL, email = NULL, status_token = NULL
    WHERE id = ${id}::uuid`;
}

/** A claimed delivery that failed: due again after `retryMs`, or (null) given up, its address forgotten. */
export function failedSql(id: string, error: string, retryMs: number | null) {
  const next =
    retryMs === null
      ? Prisma.sql`NULL`
      : Prisma.sql`now() + make_interval(secs => ${retryMs / 1000}::float8)`;
  const done = retryMs === null;
  return Prisma.sql`
    UPDATE webhook_deliveries
    SET next_attempt_at = ${next}, last_error = ${error},
        failed_at = CASE WHEN ${done}::boolean THEN now() ELSE failed_at END,
        email = CASE WHEN ${done}::boolean THEN NULL ELSE email END,
        status_token = CASE WHEN ${done}::boolean THEN NULL ELSE status_token END
    WHERE id = ${id}::uuid`;
}

/**
 * Forgets deliveries delivered or given up more than `days` ago, and the emails sent more than an
 * hour ago (the hourly limit no longer counts them); counts the deliveries.
 */
export function purgeDeliveriesSql(days: number) {
  return Prisma.sql`
    WITH sends AS (
      DELETE FROM notify_sends WHERE sent_at < now() - interval '1 hour'
    ), gone AS (
      DELETE FROM webhook_deliveries
      WHERE delivered_at < now() - make_interval(days => ${days}::int)
         OR failed_at < now() - make_interval(days => ${days}::int)
      RETURNING 1)
    SELECT count(*)::int AS purged FROM gone`;
}
