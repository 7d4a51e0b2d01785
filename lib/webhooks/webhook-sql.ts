import { Prisma } from "../generated/prisma/client";

// The statements on webhooks, beside the outbox's (outbox-sql.ts, fan-out-sql.ts): the table
// belongs to our SQL (docs/development.md's database rule), as the outbox's statements join it.

/** `url` sealed (lib/webhooks/webhook-sealing.ts), or as created before sealing. */
export type WebhookRow = { id: string; url: string; events: string[]; format: string; createdAt: Date };

/** Whose webhooks: an API key's (the API's) or a person's (their own targets on /me). */
export type WebhookOwner = { keyId: string } | { personId: string };

const columns = Prisma.sql`id, url, events, format, created_at AS "createdAt"`;

const ownedBy = (owner: WebhookOwner) =>
  "keyId" in owner
    ? Prisma.sql`api_key_id = ${owner.keyId}::uuid`
    : Prisma.sql`person_id = ${owner.personId}`;

/**
 * Adds a webhook unless its owner has `max` already; no row when it has. (Two adds at once may both
 * pass the count: the limit is a bound on abuse, not an invariant.)
 */
export function insertWebhookSql(
  owner: WebhookOwner,
  hook: { id: string; url: string; events: string[]; format: string; secret: string },
  max: number,
) {
  return Prisma.sql`
    INSERT INTO webhooks (id, api_key_id, person_id, url, events, format, secret)
    SELECT ${hook.id}::uuid, ${"keyId" in owner ? owner.keyId : null}::uuid,
           ${"personId" in owner ? owner.personId : null}, ${hook.url}, ${hook.events}::text[], ${hook.format},
           ${hook.secret}
    WHERE (SELECT count(*) FROM webhooks WHERE ${ownedBy(owner)}) < ${max}::int
    RETURNING ${columns}`;
}

export function ownerWebhooksSql(owner: WebhookOwner) {
  return Prisma.sql`SELECT ${columns} FROM webhooks WHERE ${ownedBy(owner)} ORDER BY created_at`;
}

/** Deletes the owner's webhook `id` (its deliveries go with it); a row when there was one. */
export function deleteWebhookSql(owner: WebhookOwner, id: string) {
  return Prisma.sql`DELETE FROM webhooks WHERE id = ${id}::uuid AND ${ownedBy(owner)} RETURNING id`;
}

/** The next `batchSize` webhooks after `afterId` whose secret or URL is not sealed with `prefix`. */
export function webhooksToResealSql(afterId: string, prefix: string, batchSize: number) {
  return Prisma.sql`
    SELECT id, secret, url FROM webhooks
    WHERE id > ${afterId}::uuid AND NOT (starts_with(secret, ${prefix}) AND starts_with(url, ${prefix}))
    ORDER BY id LIMIT ${batchSize}::int`;
}

/** Writes a re-sealed secret and URL if both are still as they were read; a row when written. */
export function resealWebhookSql(
  was: { id: string; secret: string; url: string },
  secret: string,
  url: string,
) {
  return Prisma.sql`
    UPDATE webhooks SET secret = ${secret}, url = ${url}
    WHERE id = ${was.id}::uuid AND secret = ${was.secret} AND url = ${was.url} RETURNING id`;
}

/** Whether any webhook's secret or URL is still sealed with `prefix`. */
export function webhooksSealedWithSql(prefix: string) {
  return Prisma.sql`
    SELECT EXISTS (SELECT 1 FROM webhooks WHERE starts_with(secret, ${prefix}) OR starts_with(url, ${prefix}))
      AS sealed`;
}

export type AdminWebhookRow = {
  id: string;
  url: string;
  events: string[];
  format: string;
  apiKey: { label: string; prefix: string };
  deliveries: {
    id: string;
    event: string;
    attempts: number;
    lastError: string | null;
    failedAt: Date | null;
    createdAt: Date;
  }[];
  givenUp: number;
  pending: number;
};

/**
 * Every webhook with its key's label, its deliveries given up and pending, and its latest `failures`
 * failed attempts (what went wrong, never a payload); never a secret.
 */
export function webhooksForAdminSql(failures: number) {
  return Prisma.sql`
    SELECT w.id, w.url, w.events, w.format, json_build_object('label', k.label, 'prefix', k.prefix) AS "apiKey",
      (SELECT count(*)::int FROM webhook_deliveries d WHERE d.webhook_id = w.id AND d.failed_at IS NOT NULL)
        AS "givenUp",
      (SELECT count(*)::int FROM webhook_deliveries d WHERE d.webhook_id = w.id AND d.next_attempt_at IS NOT NULL)
        AS pending,
      coalesce((SELECT json_agg(json_build_object('id', f.id, 'event', f.event, 'attempts', f.attempts,
                  'lastError', f.last_error, 'failedAt', f.failed_at, 'createdAt', f.created_at)
                  ORDER BY f.created_at DESC)
                FROM (SELECT * FROM webhook_deliveries d WHERE d.webhook_id = w.id AND d.last_error IS NOT NULL
                      ORDER BY d.created_at DESC LIMIT ${failures}::int) f), '[]') AS deliveries
    FROM webhooks w JOIN api_keys k ON k.id = w.api_key_id
    ORDER BY k.label, w.created_at`;
}

export type PersonTargetRow = WebhookRow & {
  lastDeliveredAt: Date | null;
  retryingSince: Date | null;
  retryingError: string | null;
  givenUpAt: Date | null;
  givenUpError: string | null;
};

/**
 * A person's own webhooks with how their deliveries fare: the last delivered, the oldest delivery
 * still being retried after a failure, and the latest given up, each with what went wrong.
 */
export function personTargetsSql(personId: string) {
  return Prisma.sql`
    SELECT w.id, w.url, w.events, w.format, w.created_at AS "createdAt",
      (SELECT max(d.delivered_at) FROM webhook_deliveries d WHERE d.webhook_id = w.id) AS "lastDeliveredAt",
      r.created_at AS "retryingSince", r.last_error AS "retryingError",
      g.failed_at AS "givenUpAt", g.last_error AS "givenUpError"
    FROM webhooks w
    LEFT JOIN LATERAL (
      SELECT d.created_at, d.last_error FROM webhook_deliveries d
      WHERE d.webhook_id = w.id AND d.next_attempt_at IS NOT NULL AND d.last_error IS NOT NULL
      ORDER BY d.created_at LIMIT 1
    ) r ON true
    LEFT JOIN LATERAL (
      SELECT d.failed_at, d.last_error FROM webhook_deliveries d
      WHERE d.webhook_id = w.id AND d.failed_at IS NOT NULL ORDER BY d.failed_at DESC LIMIT 1
    ) g ON true
    WHERE w.person_id = ${personId}
    ORDER BY w.created_at`;
}
