import { Prisma } from "../generated/prisma/client";
import { ofId, ofShape } from "../db/pg-statements";
import { insertFilesCte, type NewFiles } from "../files/file-sql";
import { liveNote } from "./live-note-sql";
import { logCreatedCte } from "./note-event-sql";
import { keepCreateCte, type KeepAnswer } from "../idempotency/kept-answer-sql";
import { insertLinksCte, linkIdsFree, type RecipientLink } from "./note-link-sql";
import type { ContentType } from "./note-policy";
import type { SealedNotifyTarget } from "../notifications/notify-target";
import { insertNotifyTargetCte } from "../notifications/notify-target-sql";

// The statements that create and describe notes (shares, share_pages), named; those a read runs are
// in note-read-sql.ts, those that end notes in note-removal-sql.ts. The domain runs them with
// queryRows (lib/db.ts) on the driver itself; every other table is reached through the Prisma
// client's model methods.

/**
 * The whole second a row created now holds in its created_at: that column keeps milliseconds, so
 * it rounds now() (12:00:00.9996 is stored as 12:00:01.000), and an expiry counted from now()'s own
 * second came out a second short of the lifetime for one create in two thousand.
 */
export const creationSecond = Prisma.sql`date_trunc('second', now()::timestamptz(3))`;

export type NewPage = {
  page_index: number;
  title: string | null;
  content: string;
  content_type: ContentType;
  html: string;
  /** HTML_MODE=trusted: a keyed HTML note as written; else null */
  raw_html: string | null;
  /** the id of the key that sealed title, content, html and raw_html (lib/notes/note-sealing.ts) */
  sealed_by: string;
};

export type NewNote = {
  /** seconds to live; null for a permanent note */
  lifetime: number | null;
  burnAfter: number | null;
  /** destroyed at this many wrong passwords; null: never */
  burnAfterFailures: number | null;
  passwordHash: string | null;
  pages: NewPage[];
  multiPage: boolean;
  sizeBytes: number;
  apiKeyId: string | null;
  /** the person who creates it (lib/people); null: anonymous */
  createdBy?: string | null;
  /** hex SHA-256 of the note's delete token (notes created without a key) */
  deleteTokenHash?: string | null;
  /** end to end encrypted: one page whose content is an envelope, with no title and no HTML */
  encrypted?: boolean;
  /** hex SHA-256 of the key proof an end-to-end note's reads must present (copied to its links) */
  keyProofHash?: string | null;
  /** one link per recipient (lib/notes/note-link-sql.ts); the note's own id is then the owner handle */
  recipients?: RecipientLink[];
  /** files to be uploaded: the note is pending until they are (lib/files) */
  files?: NewFiles;
  /** for members only: opened by people signed in through the provider (its links copy it) */
  signInRequired?: boolean;
  /** who hears of its events by email (lib/notifications) */
  notify?: SealedNotifyTarget;
};

/**
 * Inserts the note, its pages, its recipients' links and the key's counter in one statement, so a
 * note is never half stored. An id collision inserts nothing and returns no row. expires_at is a
 * whole second. Its text is built once per shape: with or without files, links and a kept answer.
 */
export function insertNoteSql(id: string, note: NewNote, keep?: KeepAnswer & { sealed: string }) {
  const { lifetime, burnAfter, burnAfterFailures, passwordHash, pages, multiPage, sizeBytes, apiKeyId } =
    note;
  const deleteTokenHash = note.deleteTokenHash ?? null;
  const encrypted = note.encrypted ?? false;
  const keyProofHash = note.keyProofHash ?? null;
  const links = note.recipients ?? [];
  const fileCount = note.files?.list.length ?? 0;
  return ofShape(
    `insert ${note.files !== undefined} ${links.length > 0} ${keep !== undefined} ${note.notify !== undefined}`,
    Prisma.sql`
    WITH note AS (
      INSERT INTO shares (id, expires_at, burn_after, password_hash, content_type, page_count,
                          multi_page, size_bytes, api_key_id, created_by, delete_token_hash,
                          burn_after_failures, encrypted, live_links, key_proof_hash, file_count, files_left,
                          files_pending, upload_token_hash, upload_expires_at, files_charged_to, sign_in_required)
      SELECT ${id},
              ${creationSecond} + make_interval(secs => ${lifetime}::int),
              ${burnAfter}::int, ${passwordHash}, ${pages[0]?.content_type}::content_type,
              ${pages.length}::int, ${multiPage}, ${sizeBytes}::int, ${apiKeyId}::uuid, ${note.createdBy ?? null},
              ${deleteTokenHash},
              ${burnAfterFailures}::int, ${encrypted}, ${links.length || null}::int, ${keyProofHash},
              ${fileCount}::int, ${fileCount}::int, ${fileCount > 0}, ${note.files?.uploadTokenHash ?? null},
              ${note.files?.uploadExpiresAt ?? null}::timestamptz, ${note.files?.chargedTo ?? null},
              ${note.signInRequired ?? false}
      WHERE ${linkIdsFree(links)}
      ON CONFLICT (id) DO NOTHING
      RETURNING id, created_at, expires_at, burn_after, content_type, page_count, encrypted,
                api_key_id, created_by, delete_token_hash, content_id, recipient, file_count, files_pending,
                live_links, sign_in_required
    ), ${insertFilesCte(note.files)}${insertLinksCte(links, { passwordHash, burnAfterFailures, multiPage, keyProofHash })}${keepCreateCte(keep)}
    ${logCreatedCte(links.length > 0 ? ["note", "links"] : ["note"])}, pages AS (
      INSERT INTO share_pages (share_id, page_index, title, content, content_type, html, raw_html, sealed_by)
      SELECT note.id, p.page_index, p.title, p.content, p.content_type::content_type, p.html, p.raw_html,
             p.sealed_by
      FROM note, json_to_recordset(${JSON.stringify(pages)}::json)
        AS p(page_index int, title text, content text, content_type text, html text, raw_html text,
             sealed_by text)
    ), counted AS (
      UPDATE api_keys SET notes_created = notes_created + 1
      WHERE id = ${apiKeyId}::uuid AND EXISTS (SELECT 1 FROM note)
    )${insertNotifyTargetCte(note.notify, "note")}
    SELECT id, created_at, expires_at, burn_after, content_type, page_count, encrypted, sign_in_required
    FROM note`,
  );
}

/**
 * Meta's times leave Postgres as whole epoch seconds, the answer's own unit: parsing each timestamp
 * into a Date, only to take its seconds, cost meta as much Node CPU as its rate limit
 * (docs/benchmarks.md).
 */
const metaColumns = Prisma.sql`id, floor(date_part('epoch', created_at)) AS created_at,
  floor(date_part('epoch', expires_at)) AS expires_at, burn_after, live_links,
  password_hash IS NOT NULL AS password_required, content_type, page_count, encrypted,
  burn_after_failures - failed_attempts AS password_attempts_left, file_count, files_pending,
  sign_in_required`;

/**
 * A live note's metadata, its remaining views counted from its own row. An owner handle's are those
 * of its live links together (ownerMetaSql): its subquery cost every other note's statement about a
 * fifth of its Postgres CPU although it never ran for them (docs/benchmarks.md), so it has a
 * statement of its own.
 */
export const noteMetaSql = ofId(Prisma.sql`
  SELECT ${metaColumns},
         CASE WHEN burn_after IS NOT NULL THEN greatest(burn_after - read_count, 0) END AS remaining_views
  FROM shares WHERE id = ${"id"} AND ${liveNote}`);

/** noteMetaSql for an owner handle (liveNote in the subquery names the link's columns). */
export const ownerMetaSql = ofId(Prisma.sql`
  SELECT ${metaColumns},
         CASE WHEN burn_after IS NOT NULL THEN
           (SELECT coalesce(sum(burn_after - read_count), 0)::int FROM shares l
            WHERE l.content_id = shares.id AND ${liveNote}) END AS remaining_views
  FROM shares WHERE id = ${"id"} AND live_links IS NOT NULL AND ${liveNote}`);
