import { Prisma } from "../generated/prisma/client";

// The outbox's statements on webhook_deliveries: claiming due deliveries with FOR UPDATE SKIP
// LOCKED, recording each attempt's outcome, and forgetting old ones. Run with queryRows (lib/db.ts).

export type ClaimedDelivery = {
  id: string;
  event: string;
  payload: unknown;
  attempts: number;
  url: string;
  webhook_id: string;
  /** sealed (lib/webhooks/webhook-secret.ts), or as created before sealing */
  secret: string;
};

/**
 * Claims up to `limit` due deliveries: counts the attempt and pushes next_attempt_at `leaseMs` ahead,
 * so no other process takes them while this one tries (SKIP LOCKED: nor while this statement runs).
 * If this process dies mid-attempt, the delivery is due again when the lease ends: at least once.
 */
export function claimDeliveriesSql(limit: number, leaseMs: number) {
  return Prisma.sql`
    UPDATE webhook_deliveries d
    SET attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000}::float8)
    FROM webhooks w
    WHERE w.id = d.webhook_id AND d.id IN (
      SELECT id FROM webhook_deliveries WHERE next_attempt_at <= now()
      ORDER BY next_attempt_at LIMIT ${limit}::int FOR UPDATE SKIP LOCKED)
    RETURNING d.id, d.event, d.payload, d.attempts, w.url, w.id AS webhook_id, w.secret`;
}

/** A claimed delivery that arrived: done, never due again. */
export function deliveredSql(id: string) {
  return Prisma.sql`
    UPDATE webhook_deliveries SET delivered_at = now(), next_attempt_at = NULL WHERE id = ${id}::uuid`;
}

/** A claimed delivery that failed: due again after `retryMs`, or (null) given up. */
export function failedSql(id: string, error: string, retryMs: number | null) {
  const next =
    retryMs === null
      ? Prisma.sql`NULL`
      : Prisma.sql`now() + make_interval(secs => ${retryMs / 1000}::float8)`;
  return Prisma.sql`
    UPDATE webhook_deliveries
    SET next_attempt_at = ${next}, last_error = ${error},
        failed_at = CASE WHEN ${retryMs === null}::boolean THEN now() ELSE failed_at END
    WHERE id = ${id}::uuid`;
}

/** Forgets deliveries delivered or given up more than `days` ago; counts them. */
export function purgeDeliveriesSql(days: number) {
  return Prisma.sql`
    WITH gone AS (
      DELETE FROM webhook_deliveries
      WHERE delivered_at < now() - make_interval(days => ${days}::int)
         OR failed_at < now() - make_interval(days => ${days}::int)
      RETURNING 1)
    SELECT count(*)::int AS purged FROM gone`;
}
