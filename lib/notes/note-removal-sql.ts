import { Prisma } from "../generated/prisma/client";
import { forgetKeptAnswersCte } from "../idempotency/kept-answer-sql";
import { eventsOf, logEventsCtes } from "./note-event-sql";
import { endLinksCtes } from "./note-link-sql";
import { liveNote } from "./live-note-sql";

// The statements that end notes: an owner's delete, a moderator's take-down, the cleanup's purge.
// Each logs what it ended in the same statement (note-event-sql.ts), run with queryRows like the
// other statements on the notes tables (note-sql.ts).

const goneColumns = Prisma.sql`id, content_id, recipient, expires_at, burned_at, burn_after, read_count, api_key_id`;

/** What a note's kind is decided from, for the metrics (lib/metrics/metrics.ts noteKind). */
const noteTraits = Prisma.sql`encrypted, password_hash IS NOT NULL AS password_required, multi_page, content_type`;

/** Who may delete a live note: the key that created it, or the holder of its delete token. */
export function noteOwnerSql(id: string) {
  return Prisma.sql`SELECT api_key_id, created_by, delete_token_hash FROM shares WHERE id = ${id} AND ${liveNote}`;
}

/**
 * Deletes a live note (its pages and kept answers go with it) and logs it; re-checks liveness, so a note gone since
 * is no row. An owner handle takes its live links with it; a recipient's link alone ends its link,
 * which destroys the content when it was the last (endLinksCtes).
 */
export function deleteLiveNoteSql(id: string) {
  return Prisma.sql`
    WITH gone AS (
      DELETE FROM shares WHERE (id = ${id} OR content_id = ${id}) AND ${liveNote}
      RETURNING ${goneColumns}, ${noteTraits}),
    ${endLinksCtes("gone", Prisma.sql`s.content_id <> ${id}`, false)}, ${forgetKeptAnswersCte("gone")},
    ${logEventsCtes(Prisma.sql`${eventsOf("gone", Prisma.sql`'deleted'`)} UNION ALL ${eventsOf("ended", Prisma.sql`'burned'`, Prisma.sql`WHERE burned`)}`)}
    SELECT id, encrypted, password_required, multi_page, content_type FROM gone WHERE id = ${id}`;
}

/**
 * Deletes a stored note whatever its state (moderation), saying what it was; a live one is logged as
 * deleted. A recipient's link takes down its whole note: the content is what is moderated.
 */
export function takeDownNoteSql(id: string) {
  return Prisma.sql`
    WITH target AS (SELECT coalesce(content_id, id) AS id FROM shares WHERE id = ${id}),
    gone AS (
      DELETE FROM shares WHERE id = (SELECT id FROM target) OR content_id = (SELECT id FROM target)
      RETURNING ${goneColumns}, size_bytes, page_count, ${noteTraits}),
    ${forgetKeptAnswersCte("gone")},
    ${logEventsCtes(eventsOf("gone", Prisma.sql`'deleted'`, Prisma.sql`WHERE burned_at IS NULL`))}
    SELECT id, size_bytes, page_count, api_key_id, encrypted, password_required, multi_page, content_type
    FROM gone WHERE content_id IS NULL`;
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
 * purge), and counts them by the traits that decide their kind (no row: none were deleted).
 */
export function purgeNotesSql(kind: PurgeKind, batchSize: number) {
  return Prisma.sql`
    WITH purged AS (
      DELETE FROM shares WHERE id IN (
        SELECT id FROM shares WHERE ${purgeable[kind]} LIMIT ${batchSize}::int FOR UPDATE SKIP LOCKED)
      RETURNING ${goneColumns}, ${noteTraits}),
    ${logEventsCtes(eventsOf("purged", Prisma.sql`'expired'`, Prisma.sql`WHERE burned_at IS NULL`, Prisma.sql`expires_at`))}
    SELECT encrypted, password_required, multi_page, content_type, count(*)::int AS deleted
    FROM purged WHERE content_id IS NULL GROUP BY encrypted, password_required, multi_page, content_type`;
}
