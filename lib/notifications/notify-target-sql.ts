import { sealedByPrefix } from "../crypto/seal";
import { Prisma } from "../generated/prisma/client";
import type { SealedNotifyTarget } from "./notify-target";

// The statements on notify_targets. A target is stored by the statement that stores its subject (a
// CTE of its insert, reading the subject's row from `source`), so a note never exists without the
// target its creator asked for, nor a target without its note.

/** A CTE (with its leading comma) storing `target` for the row of the CTE `source`; none without one. */
export function insertNotifyTargetCte(target: SealedNotifyTarget | undefined, source: string) {
  if (!target) return Prisma.empty;
  return Prisma.sql`, notify AS (
      INSERT INTO notify_targets (kind, subject_id, email, locale, status_token)
      SELECT ${target.kind}, id, ${target.email}, ${target.locale}, ${target.status_token}
      FROM ${Prisma.raw(source)}
    )`;
}

/**
 * Turns a subject's notifications off: its target goes, and so do its emails not sent yet. Says
 * whether there was anything to turn off.
 */
export function deleteNotifyTargetSql(kind: string, subjectId: string) {
  return Prisma.sql`
    WITH target AS (
      DELETE FROM notify_targets WHERE kind = ${kind} AND subject_id = ${subjectId} RETURNING 1
    ), queued AS (
      UPDATE webhook_deliveries SET next_attempt_at = NULL, email = NULL, status_token = NULL,
                                    last_error = 'turned off'
      WHERE channel = 'email' AND delivered_at IS NULL AND payload->>'kind' = ${kind}
        AND payload->'data'->>'id' = ${subjectId}
      RETURNING 1
    )
    SELECT (SELECT count(*)::int FROM target) AS targets`;
}

/** Forgets the targets of requests gone (deleted, taken down, purged). */
export const purgeRequestTargetsSql = () => Prisma.sql`
  WITH gone AS (
    DELETE FROM notify_targets t
    WHERE kind = 'request' AND NOT EXISTS (SELECT FROM requests r WHERE r.id = t.subject_id)
    RETURNING 1)
  SELECT count(*)::int AS purged FROM gone`;

/**
 * Whether an address (a target's, or an email's not yet sent) is sealed with the key. Addresses are
 * not re-sealed: they live as long as their note, so such a key stays in use until they are gone.
 */
export function notifySealedBySql(keyId: string) {
  const prefix = sealedByPrefix(keyId);
  return Prisma.sql`
    SELECT EXISTS (SELECT 1 FROM notify_targets WHERE starts_with(email, ${prefix}))
        OR EXISTS (SELECT 1 FROM webhook_deliveries WHERE starts_with(email, ${prefix})) AS used`;
}
