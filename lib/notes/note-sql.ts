import { Prisma } from "../generated/prisma/client";
import { logCreatedCte, logEventsCtes, type Reader } from "./note-event-sql";
import type { ContentType } from "./note-policy";

// Every statement on the notes tables (shares, share_pages), named, in one place. The domain runs
// them with queryRows (lib/db.ts) on the driver itself; every other table is reached through the
// Prisma client's model methods.

/**
 * A note exists for clients while it is neither burned nor expired; expiry is checked against the
 * database clock in every query, so a note is gone from the second it expires, cleanup or not.
 */
export const liveNote = Prisma.sql`burned_at IS NULL AND (expires_at IS NULL OR expires_at > now())`;

export type NewPage = {
  page_index: number;
  title: string | null;
  content: string;
  content_type: ContentType;
  html: string;
  /** HTML_MODE=trusted: a keyed HTML note as written; else absent */
  raw_html?: string | null;
};

export type NewNote = {
  /** seconds to live; null for a permanent note */
  lifetime: number | null;
  burnAfter: number | null;
  passwordHash: string | null;
  pages: NewPage[];
  multiPage: boolean;
  sizeBytes: number;
  apiKeyId: string | null;
  /** hex SHA-256 of the note's delete token (notes created without a key) */
  deleteTokenHash?: string | null;
  /** end to end encrypted: one page whose content is an envelope, with no title and no HTML */
  encrypted?: boolean;
};

/**
 * Inserts the note, its pages and the key's counter in one statement, so a note is never half
 * stored. An id collision inserts nothing and returns no row. expires_at is a whole second.
 */
export function insertNoteSql(id: string, note: NewNote) {
  const { lifetime, burnAfter, passwordHash, pages, multiPage, sizeBytes, apiKeyId } = note;
  const deleteTokenHash = note.deleteTokenHash ?? null;
  const encrypted = note.encrypted ?? false;
  return Prisma.sql`
    WITH note AS (
      INSERT INTO shares (id, expires_at, burn_after, password_hash, content_type, page_count,
                          multi_page, size_bytes, api_key_id, delete_token_hash, encrypted)
      VALUES (${id},
              date_trunc('second', now()) + make_interval(secs => ${lifetime}::int),
              ${burnAfter}::int, ${passwordHash}, ${pages[0]?.content_type}::content_type,
              ${pages.length}::int, ${multiPage}, ${sizeBytes}::int, ${apiKeyId}::uuid, ${deleteTokenHash},
              ${encrypted})
      ON CONFLICT (id) DO NOTHING
      RETURNING id, created_at, expires_at, burn_after, content_type, page_count, encrypted,
                api_key_id, delete_token_hash
    ), ${logCreatedCte("note")}, pages AS (
      INSERT INTO share_pages (share_id, page_index, title, content, content_type, html, raw_html)
      SELECT note.id, p.page_index, p.title, p.content, p.content_type::content_type, p.html, p.raw_html
      FROM note, json_to_recordset(${JSON.stringify(pages)}::json)
        AS p(page_index int, title text, content text, content_type text, html text, raw_html text)
    ), counted AS (
      UPDATE api_keys SET notes_created = notes_created + 1
      WHERE id = ${apiKeyId}::uuid AND EXISTS (SELECT 1 FROM note)
    )
    SELECT id, created_at, expires_at, burn_after, content_type, page_count, encrypted FROM note`;
}

export function noteMetaSql(id: string) {
  return Prisma.sql`
    SELECT id, created_at, expires_at, burn_after, read_count,
           password_hash IS NOT NULL AS password_required, content_type, page_count, encrypted
    FROM shares WHERE id = ${id} AND ${liveNote}`;
}

export function notePasswordHashSql(id: string) {
  return Prisma.sql`SELECT password_hash AS hash FROM shares WHERE id = ${id} AND ${liveNote}`;
}

const goneColumns = Prisma.sql`id, expires_at, burned_at, burn_after, read_count, api_key_id`;

/** The rows of an event of `type` for each row of the CTE `source` (for logEventsCtes). */
function eventsOf(source: string, type: Prisma.Sql, tail = Prisma.empty, at = Prisma.sql`now()`) {
  return Prisma.sql`
    SELECT id AS share_id, ${type} AS type, ${at} AS at, read_count, api_key_id,
           burn_after - read_count AS remaining_views
    FROM ${Prisma.raw(source)} ${tail}`;
}

/**
 * Consumes one view in one statement. The UPDATE's WHERE is re-checked under the row lock, so
 * parallel reads of a note with N views left succeed exactly N times. When this read is the last
 * one, the same statement deletes the pages; the final SELECT still returns them because every
 * part of a statement sees the snapshot taken before it began. `verifiedHash` is the password hash
 * the caller checked the password against (null: only a note without a password may be read). The
 * read, and the burn when it is the last, are logged with their webhooks in the same statement.
 */
export function consumeNoteSql(id: string, verifiedHash: string | null, reader: Reader) {
  return Prisma.sql`
    WITH consumed AS (
      UPDATE shares SET
        read_count = read_count + 1,
        burned_at = CASE WHEN read_count + 1 >= burn_after THEN now() END,
        password_hash = CASE WHEN read_count + 1 >= burn_after THEN NULL ELSE password_hash END
      WHERE id = ${id} AND ${liveNote}
        AND (password_hash IS NULL OR password_hash = ${verifiedHash})
      RETURNING id, created_at, expires_at, burn_after, read_count,
                burned_at IS NOT NULL AS burned, multi_page, encrypted, api_key_id
    ), purged AS (
      DELETE FROM share_pages USING consumed
      WHERE share_pages.share_id = consumed.id AND consumed.burned
    ), ${logEventsCtes(eventsOf("consumed", Prisma.sql`'read'`, Prisma.sql`UNION ALL ${eventsOf("consumed", Prisma.sql`'burned'`, Prisma.sql`WHERE burned`)}`), reader)}
    SELECT consumed.id, consumed.created_at, consumed.expires_at, consumed.burn_after, consumed.read_count,
           consumed.burned, consumed.multi_page, consumed.encrypted, p.page_index, p.title, p.content,
           p.content_type, p.html, p.raw_html
    FROM consumed JOIN share_pages p ON p.share_id = consumed.id
    ORDER BY p.page_index`;
}

/** A wrong password for a live note: its log entry and webhooks, nothing else. */
export function logPasswordFailureSql(id: string, reader: Reader) {
  return Prisma.sql`
    WITH live AS (SELECT id, burn_after, read_count, api_key_id FROM shares WHERE id = ${id} AND ${liveNote}),
    ${logEventsCtes(eventsOf("live", Prisma.sql`'password_failed'`), reader)}
    SELECT count(*)::int AS logged FROM events`;
}

/** Who may delete a live note: the key that created it, or the holder of its delete token. */
export function noteOwnerSql(id: string) {
  return Prisma.sql`SELECT api_key_id, delete_token_hash FROM shares WHERE id = ${id} AND ${liveNote}`;
}

/** Deletes a live note (its pages go with it) and logs it; re-checks liveness, so a note gone since is no row. */
export function deleteLiveNoteSql(id: string) {
  return Prisma.sql`
    WITH gone AS (DELETE FROM shares WHERE id = ${id} AND ${liveNote} RETURNING ${goneColumns}),
    ${logEventsCtes(eventsOf("gone", Prisma.sql`'deleted'`))}
    SELECT id FROM gone`;
}

/** Deletes a stored note whatever its state (moderation), saying what it was; a live one is logged as deleted. */
export function takeDownNoteSql(id: string) {
  return Prisma.sql`
    WITH gone AS (DELETE FROM shares WHERE id = ${id} RETURNING ${goneColumns}, size_bytes, page_count),
    ${logEventsCtes(eventsOf("gone", Prisma.sql`'deleted'`, Prisma.sql`WHERE burned_at IS NULL`))}
    SELECT id, size_bytes, page_count, api_key_id FROM gone`;
}

// A burned note's content went with its last read; its row (no content, no password hash) goes at
// the next purge. `<= now()` mirrors liveNote: nothing live matches either.
const purgeable = {
  expired: Prisma.sql`expires_at <= now() ORDER BY expires_at`,
  burned: Prisma.sql`burned_at <= now() ORDER BY burned_at`,
};

export type PurgeKind = keyof typeof purgeable;

/**
 * Deletes up to `batchSize` expired or burned notes, found through the expires_at or burned_at index
 * and locked with SKIP LOCKED (never waiting on a read in progress, never colliding with another
 * purge), and counts them.
 */
export function purgeNotesSql(kind: PurgeKind, batchSize: number) {
  return Prisma.sql`
    WITH purged AS (
      DELETE FROM shares WHERE id IN (
        SELECT id FROM shares WHERE ${purgeable[kind]} LIMIT ${batchSize}::int FOR UPDATE SKIP LOCKED)
      RETURNING ${goneColumns}),
    ${logEventsCtes(eventsOf("purged", Prisma.sql`'expired'`, Prisma.sql`WHERE burned_at IS NULL`, Prisma.sql`expires_at`))}
    SELECT count(*)::int AS deleted FROM purged`;
}

/**
 * A stored note's metadata for moderation (live, or expired or burned but not yet purged), with its
 * key, never its content; the status is judged by the database clock, like liveNote.
 */
export function storedNoteSql(id: string) {
  return Prisma.sql`
    SELECT s.id, s.created_at, s.expires_at, s.burned_at, s.burn_after, s.read_count,
           s.password_hash IS NOT NULL AS password_required, s.content_type, s.page_count, s.size_bytes,
           s.encrypted,
           CASE WHEN s.burned_at IS NOT NULL THEN 'burned'
                WHEN s.expires_at <= now() THEN 'expired' ELSE 'live' END AS status,
           k.label AS key_label, k.prefix AS key_prefix
    FROM shares s LEFT JOIN api_keys k ON k.id = s.api_key_id
    WHERE s.id = ${id}`;
}

/** A stored note's pages as written, for moderation; a burned note is one row with no page. */
export function storedPagesSql(id: string) {
  return Prisma.sql`
    SELECT s.id, p.page_index, p.title, p.content, p.content_type
    FROM shares s LEFT JOIN share_pages p ON p.share_id = s.id
    WHERE s.id = ${id} ORDER BY p.page_index`;
}

/** How many live notes each of the keys has. */
export function liveNoteCountsSql(keyIds: string[]) {
  return Prisma.sql`
    SELECT api_key_id, count(*)::int AS live FROM shares
    WHERE api_key_id = ANY(${keyIds}::uuid[]) AND ${liveNote}
    GROUP BY api_key_id`;
}
