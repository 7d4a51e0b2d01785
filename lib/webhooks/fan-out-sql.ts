import { Prisma } from "../generated/prisma/client";
import { emailFanOutCtes } from "../notifications/email-fan-out-sql";

// Statements that record note events write only their note_events entry (lib/notes/note-event-sql.ts);
// the deliverer fans the entries out into webhook_deliveries by following the log with a cursor kept
// in the database (webhook_outbox_cursor), so a read pays for no webhook.
//
// The log is followed in (xact_id, id) order, not by id alone: ids come from a sequence, and a
// transaction that took a lower id may commit after one that took a higher id, which a cursor on the
// id would have passed for good. Instead only entries of transactions older than the oldest one
// still running are taken (xact_id below the snapshot's xmin): those transactions have all ended, so
// no entry can appear behind the cursor any more, and any later entry has a larger xact_id.
//
// One statement: it locks the cursor row (a second deliverer waits, then reads the cursor as the
// first left it, so nothing is fanned out twice), queues the deliveries and moves the cursor past
// the entries it read, all committed together or not at all (at least once, across restarts). The
// same statement queues the emails of notes that asked for them (lib/notifications/email-fan-out-sql.ts).

/**
 * Fans out up to `limit` entries after the cursor into one delivery per webhook of the note's key or
 * of its creator (the person signed in, or the personal key's) that subscribed to `note.<type>`, and
 * moves the cursor past them. The owners are the note's (so an ordinary entry needs none of its own):
 * on its row while it is there, a primary-key lookup, else on its `created` entry, its first; an
 * anonymous note has none.
 * The payload is the note (or recipient's link) id, the event, its time, the recipient's label
 * (sealed, as the log holds it: opened at delivery), the counters; never content. A delivery is due
 * from the event's time, so deliveries are claimed in event order (outbox-sql.ts). Returns how many
 * entries were read and how many deliveries queued.
 */
export function fanOutNoteEventsSql(limit: number) {
  return Prisma.sql`
    WITH cursor AS (
      SELECT xact_id, event_id FROM webhook_outbox_cursor WHERE id = 1 FOR UPDATE
    ), batch AS (
      SELECT e.id, e.xact_id, e.share_id, e.content_id, e.type, e.at, e.recipient, e.browser, e.read_count,
             e.remaining_views
      FROM note_events e
      -- Row against row of values: the index on (xact_id, id) starts at the cursor.
      WHERE (e.xact_id, e.id) > ((SELECT xact_id FROM cursor), (SELECT event_id FROM cursor))
        AND e.xact_id < pg_snapshot_xmin(pg_current_snapshot())
      ORDER BY e.xact_id, e.id LIMIT ${limit}::int
    ), queued AS (
      INSERT INTO webhook_deliveries (webhook_id, event, payload, next_attempt_at, note_id)
      SELECT w.id, 'note.' || b.type, jsonb_build_object(
               'type', 'note.' || b.type,
               'timestamp', to_char(b.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'data', jsonb_build_object('id', b.share_id, 'recipient', b.recipient,
                                          'read_count', b.read_count, 'remaining_views', b.remaining_views))
             -- A chat message names the reader's browser family; a Standard Webhook's payload is as it was.
             || CASE WHEN w.format = 'standard' THEN '{}'::jsonb ELSE jsonb_build_object('browser', b.browser) END,
             b.at,
             -- A person's target's deliveries name the note (a recipient's link: its note), whose status
             -- page shows their failures; a key's webhooks have the API for theirs.
             CASE WHEN w.person_id IS NOT NULL THEN coalesce(b.content_id, b.share_id) END
      FROM batch b
      CROSS JOIN LATERAL (
        SELECT s.api_key_id, s.created_by FROM shares s WHERE s.id = b.share_id
        UNION ALL (
          SELECT c.api_key_id, c.created_by FROM note_events c
          WHERE c.share_id = b.share_id AND c.type = 'created' ORDER BY c.id LIMIT 1)
        LIMIT 1
      ) owner
      -- One row per webhook, whether it is the key's or the person's: a note made with a personal key
      -- whose key and person both have one reaches each once.
      JOIN webhooks w ON (w.api_key_id = owner.api_key_id OR w.person_id = owner.created_by)
                     AND 'note.' || b.type = ANY(w.events)
      -- No webhook at all (most installations): the cursor moves without looking up any key.
      WHERE b.type <> 'created' AND EXISTS (SELECT FROM webhooks)
      ORDER BY b.id
      RETURNING 1
    )${emailFanOutCtes}, moved AS (
      UPDATE webhook_outbox_cursor SET (xact_id, event_id) = (
        SELECT xact_id, id FROM batch ORDER BY xact_id DESC, id DESC LIMIT 1)
      WHERE id = 1 AND EXISTS (SELECT FROM batch)
    )
    SELECT (SELECT count(*)::int FROM batch) AS events, (SELECT count(*)::int FROM queued) AS deliveries,
           (SELECT count(*)::int FROM emailed) AS emails`;
}

/** Entries read, webhook deliveries and emails queued. */
export type FanOutRow = { events: number; deliveries: number; emails: number };
