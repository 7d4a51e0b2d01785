import { Prisma } from "../generated/prisma/client";

// The outbox's one statement that Prisma's model methods cannot express: claiming due deliveries
// with FOR UPDATE SKIP LOCKED. Run with queryRows (lib/db.ts), like the notes tables' statements.

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
