import { passwordKeyId } from "../crypto/password-hash";
import { Prisma } from "../generated/prisma/client";
import { liveNote } from "./live-note-sql";

// The statements on the notes tables that only operators run, beside the API's in note-sql.ts:
// moderation's look at a stored note, the keys' live-note counts, and re-sealing pages under a new key.

// Moderation works on a note as a whole, the content being what is moderated: a recipient's link id
// stands for the owner row that holds the note's content (as it does for a take-down).
const noteOf = (id: string) => Prisma.sql`(SELECT coalesce(content_id, id) FROM shares WHERE id = ${id})`;

// A stored row's status, judged by the database clock like liveNote (a burned row awaits its purge).
const statusOf = (alias: "s" | "l") => {
  const row = Prisma.raw(alias);
  return Prisma.sql`CASE WHEN ${row}.burned_at IS NOT NULL THEN 'burned'
                         WHEN ${row}.expires_at <= now() THEN 'expired' ELSE 'live' END`;
};

// A stored row's successful reads: a note (or link) without a view limit counts them in its access
// log only, since its reads leave its row alone.
const readCountOf = (alias: "s" | "l") => {
  const row = Prisma.raw(alias);
  return Prisma.sql`CASE WHEN ${row}.burn_after IS NOT NULL THEN ${row}.read_count
                         ELSE (SELECT count(*)::int FROM note_events e
                               WHERE e.share_id = ${row}.id AND e.type = 'read') END`;
};

/**
 * The metadata of the stored note `id` is (or whose recipient's link it is), live, or expired or
 * burned but not yet purged, with its key and its recipients' links (sealed label, reads, status),
 * never its content.
 */
export function storedNoteSql(id: string) {
  return Prisma.sql`
    SELECT s.id, s.created_at, s.expires_at, s.burned_at, s.burn_after,
           ${readCountOf("s")} AS read_count,
           s.password_hash IS NOT NULL AS password_required, s.content_type, s.page_count, s.size_bytes,
           (SELECT min(sealed_by) FROM share_pages WHERE share_id = s.id) AS sealed_by,
           s.encrypted, ${statusOf("s")} AS status, k.label AS key_label, k.prefix AS key_prefix,
           (SELECT coalesce(json_agg(json_build_object('id', l.id, 'label', l.recipient,
                      'read_count', ${readCountOf("l")}, 'status', ${statusOf("l")})
                    ORDER BY l.id), '[]')
            FROM shares l WHERE l.content_id = s.id) AS links
    FROM shares s LEFT JOIN api_keys k ON k.id = s.api_key_id
    WHERE s.id = ${noteOf(id)}`;
}

/**
 * The pages as written of the stored note `id` is (or whose recipient's link it is), for
 * moderation; a burned note is one row with no page.
 */
export function storedPagesSql(id: string) {
  return Prisma.sql`
    SELECT s.id, p.page_index, p.title, p.content, p.content_type, p.html, p.raw_html, p.sealed_by
    FROM shares s LEFT JOIN share_pages p ON p.share_id = s.id
    WHERE s.id = ${noteOf(id)} ORDER BY p.page_index`;
}

/** How many live notes each of the keys has. */
export function liveNoteCountsSql(keyIds: string[]) {
  return Prisma.sql`
    SELECT api_key_id, count(*)::int AS live FROM shares
    WHERE api_key_id = ANY(${keyIds}::uuid[]) AND ${liveNote} AND content_id IS NULL
    GROUP BY api_key_id`;
}

/**
 * The next `batchSize` pages after (`afterId`, `afterIndex`) that are not sealed by `keyId` nor by a
 * password: sealed by an older key, or (with `unsealed`) stored before sealing (null). Walks the
 * primary key.
 */
export function pagesToResealSql(
  keyId: string,
  after: { id: string; index: number },
  batchSize: number,
  unsealed: boolean,
) {
  return Prisma.sql`
    SELECT share_id, page_index, title, content, html, raw_html, sealed_by FROM share_pages
    WHERE (sealed_by IS NULL AND ${unsealed}::boolean OR sealed_by NOT IN (${keyId}, ${passwordKeyId}))
      AND (share_id, page_index) > (${after.id}, ${after.index}::int)
    ORDER BY share_id, page_index LIMIT ${batchSize}::int`;
}

export type ResealedPage = {
  share_id: string;
  page_index: number;
  title: string | null;
  content: string;
  html: string;
  raw_html: string | null;
  sealed_by: string;
  /** what sealed the page when it was read: a page changed since is left alone */
  was_sealed_by: string | null;
};

/** Writes re-sealed pages in one statement, each only if still sealed as when it was read. */
export function resealPagesSql(pages: ResealedPage[]) {
  return Prisma.sql`
    WITH resealed AS (
      UPDATE share_pages p SET title = r.title, content = r.content, html = r.html,
                               raw_html = r.raw_html, sealed_by = r.sealed_by
      FROM json_to_recordset(${JSON.stringify(pages)}::json) AS r(share_id text, page_index int,
        title text, content text, html text, raw_html text, sealed_by text, was_sealed_by text)
      WHERE p.share_id = r.share_id AND p.page_index = r.page_index
        AND p.sealed_by IS NOT DISTINCT FROM r.was_sealed_by
      RETURNING 1)
    SELECT count(*)::int AS resealed FROM resealed`;
}

/** How many pages have no seal. */
export function unsealedPageCountSql() {
  return Prisma.sql`SELECT count(*)::int AS unsealed FROM share_pages WHERE sealed_by IS NULL`;
}

/** Whether any page is still sealed with the key. */
export function pagesSealedBySql(keyId: string) {
  return Prisma.sql`SELECT EXISTS (SELECT 1 FROM share_pages WHERE sealed_by = ${keyId}) AS used`;
}
