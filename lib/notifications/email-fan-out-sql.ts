import { Prisma } from "../generated/prisma/client";

// The emails of a note's events, queued by the deliverer's fan-out of the access log
// (lib/webhooks/fan-out-sql.ts) into the same outbox as webhooks, as rows of channel `email`. Each
// read of the note or of one of its recipients' links sends one; its burn sends one, and its expiry
// if nobody read it. The note's last event (burned, deleted, expired) forgets its target in the same
// statement: an address is kept no longer than the note. The row copies the target's sealed address,
// language and status token as they are; the payload names the event, never content.

/**
 * CTEs (each with its leading comma) over the CTE `batch` (log entries with share_id, content_id,
 * type, at, recipient, browser, read_count, remaining_views): `emailed` queues the emails,
 * `forgotten` deletes the targets of notes that ended.
 */
export const emailFanOutCtes = Prisma.sql`
    , emailed AS (
      INSERT INTO webhook_deliveries (channel, event, payload, next_attempt_at, email, locale, status_token, note_id)
      SELECT 'email', 'note.' || b.type, jsonb_build_object(
               'kind', 'note', 'type', 'note.' || b.type,
               'timestamp', to_char(b.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'data', jsonb_build_object('id', t.subject_id, 'link', b.share_id, 'recipient', b.recipient,
                                          'browser', b.browser, 'remaining_views', b.remaining_views)),
             b.at, t.email, t.locale, t.status_token, t.subject_id
      FROM batch b
      JOIN notify_targets t ON t.kind = 'note' AND t.subject_id = coalesce(b.content_id, b.share_id)
      WHERE b.type = 'read' OR (b.content_id IS NULL AND (b.type = 'burned' OR (b.type = 'expired' AND NOT EXISTS (
        SELECT FROM note_events r WHERE (r.share_id = b.share_id OR r.content_id = b.share_id) AND r.type = 'read'))))
      ORDER BY b.id
      RETURNING 1
    ), forgotten AS (
      DELETE FROM notify_targets t USING batch b
      WHERE t.kind = 'note' AND t.subject_id = b.share_id AND b.content_id IS NULL
        AND b.type IN ('burned', 'deleted', 'expired')
    )`;

/**
 * The CTE (leading comma) that queues the email of an answer to a request, for answerRequestSql:
 * over its CTEs `counted` (the request) and `answer`.
 */
export function answerEmailCte(browser: string | null) {
  return Prisma.sql`
    , emailed AS (
      INSERT INTO webhook_deliveries (channel, event, payload, email, locale)
      SELECT 'email', 'request.answered', jsonb_build_object(
               'kind', 'request', 'type', 'request.answered',
               'timestamp', to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'data', jsonb_build_object('id', c.id, 'answer', a.number, 'browser', ${browser}::text,
                                          'answers_left', c.max_answers - c.answer_count)),
             t.email, t.locale
      FROM counted c CROSS JOIN answer a
      JOIN notify_targets t ON t.kind = 'request' AND t.subject_id = c.id
    )`;
}
