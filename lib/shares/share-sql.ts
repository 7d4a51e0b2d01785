import { Prisma } from "../generated/prisma/client";
import type { ContentType } from "./share-policy";

// The SQL of the hot paths, in one place: the domain runs it through Prisma's $queryRaw, and the
// benchmark's bare baseline runs the very same statements through pg.

/**
 * A note exists for clients while it is neither burned nor expired; expiry is checked against the
 * database clock in every query, so a note is gone from the second it expires, cleanup or not.
 */
export const liveShare = Prisma.sql`burned_at IS NULL AND (expires_at IS NULL OR expires_at > now())`;

export type NewPage = {
  page_index: number;
  title: string | null;
  content: string;
  content_type: ContentType;
  html: string;
  /** HTML_MODE=trusted: a keyed HTML note as written; else absent */
  raw_html?: string | null;
};

export type NewShare = {
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
};

/**
 * Inserts the note, its pages and the key's counter in one statement, so a note is never half
 * stored. An id collision inserts nothing and returns no row. expires_at is a whole second.
 */
export function insertShareSql(id: string, share: NewShare) {
  const { lifetime, burnAfter, passwordHash, pages, multiPage, sizeBytes, apiKeyId } = share;
  const deleteTokenHash = share.deleteTokenHash ?? null;
  return Prisma.sql`
    WITH share AS (
      INSERT INTO shares (id, expires_at, burn_after, password_hash, content_type, page_count,
                          multi_page, size_bytes, api_key_id, delete_token_hash)
      VALUES (${id},
              date_trunc('second', now()) + make_interval(secs => ${lifetime}::int),
              ${burnAfter}::int, ${passwordHash}, ${pages[0]?.content_type}::content_type,
              ${pages.length}::int, ${multiPage}, ${sizeBytes}::int, ${apiKeyId}::uuid, ${deleteTokenHash})
      ON CONFLICT (id) DO NOTHING
      RETURNING id, created_at, expires_at, burn_after, content_type, page_count
    ), pages AS (
      INSERT INTO share_pages (share_id, page_index, title, content, content_type, html, raw_html)
      SELECT share.id, p.page_index, p.title, p.content, p.content_type::content_type, p.html, p.raw_html
      FROM share, json_to_recordset(${JSON.stringify(pages)}::json)
        AS p(page_index int, title text, content text, content_type text, html text, raw_html text)
    ), counted AS (
      UPDATE api_keys SET notes_created = notes_created + 1
      WHERE id = ${apiKeyId}::uuid AND EXISTS (SELECT 1 FROM share)
    )
    SELECT id, created_at, expires_at, burn_after, content_type, page_count FROM share`;
}

export function shareMetaSql(id: string) {
  return Prisma.sql`
    SELECT id, created_at, expires_at, burn_after, read_count,
           password_hash IS NOT NULL AS password_required, content_type, page_count
    FROM shares WHERE id = ${id} AND ${liveShare}`;
}

export function sharePasswordHashSql(id: string) {
  return Prisma.sql`SELECT password_hash AS hash FROM shares WHERE id = ${id} AND ${liveShare}`;
}

/**
 * Consumes one view in one statement. The UPDATE's WHERE is re-checked under the row lock, so
 * parallel reads of a note with N views left succeed exactly N times. When this read is the last
 * one, the same statement deletes the pages; the final SELECT still returns them because every
 * part of a statement sees the snapshot taken before it began. `verifiedHash` is the password hash
 * the caller checked the password against (null: only a note without a password may be read).
 */
export function consumeShareSql(id: string, verifiedHash: string | null) {
  return Prisma.sql`
    WITH consumed AS (
      UPDATE shares SET
        read_count = read_count + 1,
        burned_at = CASE WHEN read_count + 1 >= burn_after THEN now() END,
        password_hash = CASE WHEN read_count + 1 >= burn_after THEN NULL ELSE password_hash END
      WHERE id = ${id} AND ${liveShare}
        AND (password_hash IS NULL OR password_hash = ${verifiedHash})
      RETURNING id, created_at, expires_at, burn_after, read_count,
                burned_at IS NOT NULL AS burned, multi_page
    ), purged AS (
      DELETE FROM share_pages USING consumed
      WHERE share_pages.share_id = consumed.id AND consumed.burned
    )
    SELECT consumed.*, p.page_index, p.title, p.content, p.content_type, p.html, p.raw_html
    FROM consumed JOIN share_pages p ON p.share_id = consumed.id
    ORDER BY p.page_index`;
}

export type ReadPageRow = {
  page_index: number;
  title: string | null;
  content: string;
  content_type: ContentType;
  html: string;
  raw_html: string | null;
};

export type ReadShareRow = {
  id: string;
  created_at: Date;
  expires_at: Date | null;
  burn_after: number | null;
  read_count: number;
  burned: boolean;
  multi_page: boolean;
  pages: ReadPageRow[];
};

/** One row of consumeShareSql: the note's columns repeated beside each page. */
export type ConsumedRow = Omit<ReadShareRow, "pages"> & ReadPageRow;

/**
 * Folds consumeShareSql's rows into the note and its pages (null: nothing was consumed).
 * `keepRawHtml`: HTML kept as written is passed on only while the server runs in trusted mode.
 */
export function foldConsumedRows(rows: ConsumedRow[], keepRawHtml: boolean): ReadShareRow | null {
  const first = rows[0];
  if (!first) return null;
  const { id, created_at, expires_at, burn_after, read_count, burned, multi_page } = first;
  const pages = rows.map(({ page_index, title, content, content_type, html, raw_html }) => ({
    page_index,
    title,
    content,
    content_type,
    html,
    raw_html: keepRawHtml ? raw_html : null,
  }));
  return { id, created_at, expires_at, burn_after, read_count, burned, multi_page, pages };
}
