import { Prisma } from "../generated/prisma/client";

// The access log (note_events) is written by the very statement that changes the note (note-sql.ts,
// note-read-sql.ts), so a read, a burn or a delete commits together with its log entry, or not at
// all. The webhook deliverer follows the log (lib/webhooks/fan-out-sql.ts): a read writes its entry
// and nothing else.
// Also the log's own statements, run with queryRows.

/** Who read: a daily fingerprint and a browser family (lib/notes/reader.ts), never the address. */
export type Reader = { client: string | null; browser: string | null };

/**
 * A CTE that logs the rows of `events` (a query naming share_id, type, at, remaining_views,
 * read_count, content_id, recipient): with the counters a webhook's payload names, and the
 * recipient's label sealed as the link's row holds it.
 */
export function logEventsCtes(events: Prisma.Sql, reader: Reader = { client: null, browser: null }) {
  return Prisma.sql`
    events AS (${events}),
    logged AS (
      INSERT INTO note_events (share_id, content_id, recipient, type, at, remaining_views, read_count, client, browser)
      SELECT share_id, content_id, recipient, type::note_event_type, at, remaining_views, read_count,
             CASE WHEN type IN ('read', 'password_failed') THEN ${reader.client} END,
             CASE WHEN type IN ('read', 'password_failed') THEN ${reader.browser} END
      FROM events
    )`;
}

/**
 * The rows of an event of `type` for each row of the CTE `source` (for logEventsCtes). The counters
 * are those of the view limit: a note without one has neither (its reads are its log's entries).
 */
export function eventsOf(source: string, type: Prisma.Sql, tail = Prisma.empty, at = Prisma.sql`now()`) {
  return Prisma.sql`
    SELECT id AS share_id, content_id, recipient, ${type} AS type, ${at} AS at,
           CASE WHEN burn_after IS NOT NULL THEN read_count END AS read_count,
           burn_after - read_count AS remaining_views
    FROM ${Prisma.raw(source)} ${tail}`;
}

/**
 * The `burned` rows of the rows of `source` that burned, and with `links` (rows that may be
 * recipients' links), of the owners their end burned (endLinksCtes).
 */
export function burnedOf(source: string, links = true) {
  const own = eventsOf(source, Prisma.sql`'burned'`, Prisma.sql`WHERE burned`);
  if (!links) return own;
  return Prisma.sql`${own} UNION ALL ${eventsOf("ended", Prisma.sql`'burned'`, Prisma.sql`WHERE burned`)}`;
}

/**
 * The `created` entries of the rows of the CTEs `sources`, in that order, which also keep the owner,
 * so that the log answers its owner after the note is gone. Each starts the counters of a row with a
 * view limit, as a read's entry carries them: no read yet, all of them left. An owner handle's
 * entries (the note as a whole, live_links set) have none, as its burned entry has none.
 */
export function logCreatedCte(sources: string[]) {
  const rows = sources.map(
    (source) => Prisma.sql`
      SELECT id, content_id, recipient, 'created'::note_event_type, created_at, api_key_id, created_by,
             delete_token_hash, encrypted,
             CASE WHEN live_links IS NULL THEN burn_after END,
             CASE WHEN live_links IS NULL AND burn_after IS NOT NULL THEN 0 END
      FROM ${Prisma.raw(source)}`,
  );
  return Prisma.sql`
    created AS (
      INSERT INTO note_events (share_id, content_id, recipient, type, at, api_key_id, created_by, delete_token_hash,
                               encrypted, remaining_views, read_count)
      ${Prisma.join(rows, " UNION ALL ")}
    )`;
}

export type NoteEventRow = {
  share_id: string;
  /** sealed, bound to share_id (lib/notes/recipient-sealing.ts) */
  recipient: string | null;
  type: string;
  at: Date;
  remaining_views: number | null;
  client: string | null;
  browser: string | null;
  api_key_id: string | null;
  created_by: string | null;
  delete_token_hash: string | null;
};

/**
 * A note's log, oldest first; its `created` entry names the owner. The owner handle of a note sent
 * to recipients also gets the entries of every recipient's link, each naming its recipient.
 */
export function noteEventsSql(id: string) {
  return Prisma.sql`
    SELECT share_id, recipient, type, at, remaining_views, client, browser, api_key_id, created_by,
           delete_token_hash
    FROM note_events WHERE share_id = ${id} OR content_id = ${id} ORDER BY id`;
}

/**
 * Deletes up to `batchSize` logs of notes gone (burned, deleted, expired) more than `days` ago,
 * whole logs at a time, and counts the notes. A recipient's link ends before its note: its log
 * goes with the note's, which lists it.
 */
export function purgeNoteEventsSql(days: number, batchSize: number) {
  return Prisma.sql`
    WITH gone AS (
      SELECT DISTINCT share_id FROM note_events
      WHERE type IN ('burned', 'deleted', 'expired') AND at < now() - make_interval(days => ${days}::int)
        AND content_id IS NULL
      LIMIT ${batchSize}::int
    ), purged AS (
      DELETE FROM note_events
      WHERE share_id IN (SELECT share_id FROM gone) OR content_id IN (SELECT share_id FROM gone) RETURNING 1
    )
    SELECT count(*)::int AS deleted FROM gone`;
}

/** Who owns a list of notes: the key that created them, or the person (lib/people). */
export type NoteOwner = { apiKeyId: string } | { personId: string };

export type KeyNoteRow = {
  cursor: string;
  id: string;
  created_at: Date;
  expires_at: Date | null;
  burn_after: number | null;
  read_count: number | null;
  status: "live" | "burned" | "expired" | "deleted";
  /** how many recipients' links the note was sent with; 0: one link */
  recipients: number;
  /** null only for a note gone before its created entry recorded it */
  encrypted: boolean | null;
};

/**
 * The notes a key (or a person) created, newest first, from their `created` log entries (so notes already purged are
 * listed too, until their log goes), `limit` of them after `cursor` (a created entry's id). The
 * status of a purged note is its log's last word; never content. Recipients' links are counted
 * beside their note, not listed.
 */
export function ownNotesSql(owner: NoteOwner, cursor: string | null, limit: number) {
  const ownedBy =
    "apiKeyId" in owner
      ? Prisma.sql`c.api_key_id = ${owner.apiKeyId}::uuid`
      : Prisma.sql`c.created_by = ${owner.personId}`;
  return Prisma.sql`
    SELECT c.id::text AS cursor, c.share_id AS id, c.at AS created_at, s.expires_at, s.burn_after, s.read_count,
           coalesce(s.encrypted, c.encrypted) AS encrypted,
           CASE WHEN s.id IS NULL THEN coalesce(gone.type::text, 'deleted')
                WHEN s.burned_at IS NOT NULL THEN 'burned'
                WHEN s.expires_at <= now() THEN 'expired' ELSE 'live' END AS status,
           (SELECT count(*)::int FROM note_events l WHERE l.content_id = c.share_id AND l.type = 'created')
             AS recipients
    FROM note_events c
    LEFT JOIN shares s ON s.id = c.share_id
    LEFT JOIN LATERAL (
      SELECT type FROM note_events t
      WHERE t.share_id = c.share_id AND t.type IN ('burned', 'deleted', 'expired') ORDER BY t.id DESC LIMIT 1
    ) gone ON s.id IS NULL
    WHERE ${ownedBy} AND c.type = 'created' AND c.content_id IS NULL AND c.id < coalesce(${cursor}::bigint, 9223372036854775807)
    ORDER BY c.id DESC LIMIT ${limit}::int`;
}
