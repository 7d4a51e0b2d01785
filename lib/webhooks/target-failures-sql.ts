import { Prisma } from "../generated/prisma/client";

/**
 * The note creator's own targets that a note's events fail to reach, one row per target, oldest target
 * first: its deliveries of the note (the fan-out names the note on a person's target's deliveries
 * only) not delivered after an attempt failed, still retried or given up, a given-up one only until a
 * later delivery to that target goes through (the target works again). Since when (the first failing
 * delivery's event), whether one is still retried, the latest failure's reason, the target's id, URL and
 * format.
 */
export function targetFailuresSql(noteId: string) {
  return Prisma.sql`
    SELECT w.id, w.url, w.format, min(d.created_at) AS since, bool_or(d.failed_at IS NULL) AS retrying,
           (array_agg(d.last_error ORDER BY d.created_at DESC))[1] AS reason
    FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
    WHERE d.note_id = ${noteId} AND d.channel = 'webhook' AND d.last_error IS NOT NULL AND d.delivered_at IS NULL
      AND (d.failed_at IS NULL OR NOT EXISTS (
        SELECT FROM webhook_deliveries later WHERE later.webhook_id = w.id AND later.delivered_at > d.failed_at))
    GROUP BY w.id ORDER BY w.created_at, w.id`;
}

export type TargetFailuresRow = {
  id: string;
  /** sealed (lib/webhooks/webhook-sealing.ts), or as created before sealing */
  url: string;
  format: string;
  since: Date;
  retrying: boolean;
  reason: string;
};
