import { Prisma } from "../generated/prisma/client";

/**
 * A note's notification emails that are failing: those not delivered after an attempt failed, still
 * retried or given up, a given-up one only until an email of the note is delivered after it. One row:
 * since when (the first failing email's event), whether one is still retried, the latest failure's
 * reason, and the note's sealed address while the note lives.
 */
export function emailFailuresSql(noteId: string) {
  return Prisma.sql`
    WITH emails AS (
      SELECT created_at, delivered_at, failed_at, last_error FROM webhook_deliveries
      WHERE note_id = ${noteId} AND channel = 'email'
    ), failing AS (
      SELECT * FROM emails
      WHERE last_error IS NOT NULL AND delivered_at IS NULL
        AND (failed_at IS NULL OR failed_at > coalesce((SELECT max(delivered_at) FROM emails), '-infinity'))
    )
    SELECT min(created_at) AS since, bool_or(failed_at IS NULL) AS retrying,
           (array_agg(last_error ORDER BY created_at DESC))[1] AS reason,
           (SELECT email FROM notify_targets WHERE kind = 'note' AND subject_id = ${noteId}) AS email
    FROM failing HAVING count(*) > 0`;
}

export type EmailFailuresRow = { since: Date; retrying: boolean; reason: string; email: string | null };
