import { Prisma } from "../generated/prisma/client";
import { ofShape } from "../db/pg-statements";
import {
  filesMatchGrant,
  grantFilesCte,
  insertFilesCte,
  type NewFiles,
  type ReadGrant,
} from "../files/file-sql";
import { burnedOf, eventsOf, logCreatedCte, logEventsCtes, type Reader } from "./note-event-sql";
import { keepCreateCte, keepReadCte, type KeepAnswer } from "./kept-answer-sql";
import {
  endLinksCtes,
  insertLinksCte,
  linkIdsFree,
  purgePagesCte,
  type RecipientLink,
} from "./note-link-sql";
import type { ContentType } from "./note-policy";

// The statements that create, describe and read notes (shares, share_pages), named; those that end
// them are in note-removal-sql.ts. The domain runs them with queryRows (lib/db.ts) on the driver
// itself; every other table is reached through the Prisma client's model methods.

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
};

/**
 * Inserts the note, its pages, its recipients' links and the key's counter in one statement, so a
 * note is never half stored. An id collision inserts nothing and returns no row. expires_at is a
 * whole second.
 */
export function insertNoteSql(id: string, note: NewNote, keep?: KeepAnswer & { sealed: string }) {
  const { lifetime, burnAfter, burnAfterFailures, passwordHash, pages, multiPage, sizeBytes, apiKeyId } =
    note;
  const deleteTokenHash = note.deleteTokenHash ?? null;
  const encrypted = note.encrypted ?? false;
  const keyProofHash = note.keyProofHash ?? null;
  const links = note.recipients ?? [];
  const fileCount = note.files?.list.length ?? 0;
  return Prisma.sql`
    WITH note AS (
      INSERT INTO shares (id, expires_at, burn_after, password_hash, content_type, page_count,
                          multi_page, size_bytes, api_key_id, delete_token_hash, burn_after_failures,
                          encrypted, live_links, key_proof_hash, file_count, files_left, files_pending,
                          upload_token_hash, upload_expires_at)
      SELECT ${id},
              date_trunc('second', now()) + make_interval(secs => ${lifetime}::int),
              ${burnAfter}::int, ${passwordHash}, ${pages[0]?.content_type}::content_type,
              ${pages.length}::int, ${multiPage}, ${sizeBytes}::int, ${apiKeyId}::uuid, ${deleteTokenHash},
              ${burnAfterFailures}::int, ${encrypted}, ${links.length || null}::int, ${keyProofHash},
              ${fileCount}::int, ${fileCount}::int, ${fileCount > 0}, ${note.files?.uploadTokenHash ?? null},
              ${note.files?.uploadExpiresAt ?? null}::timestamptz
      WHERE ${linkIdsFree(links)}
      ON CONFLICT (id) DO NOTHING
      RETURNING id, created_at, expires_at, burn_after, content_type, page_count, encrypted,
                api_key_id, delete_token_hash, content_id, recipient, file_count, files_pending
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
    )
    SELECT id, created_at, expires_at, burn_after, content_type, page_count, encrypted FROM note`;
}

/**
 * A live note's metadata. An owner handle's remaining views are those of its live links together
 * (liveNote in the subquery names the link's columns).
 */
export function noteMetaSql(id: string) {
  return ofShape(
    "meta",
    Prisma.sql`
    SELECT id, created_at, expires_at, burn_after, live_links,
           CASE WHEN burn_after IS NULL THEN NULL
                WHEN live_links IS NULL THEN greatest(burn_after - read_count, 0)
                ELSE (SELECT coalesce(sum(burn_after - read_count), 0)::int FROM shares l
                      WHERE l.content_id = shares.id AND ${liveNote}) END AS remaining_views,
           password_hash IS NOT NULL AS password_required, content_type, page_count, encrypted,
           burn_after_failures - failed_attempts AS password_attempts_left, file_count, files_pending
    FROM shares WHERE id = ${id} AND ${liveNote}`,
  );
}

/** Not an owner handle, whose content is read through its recipients' links only. */
const notOwnerHandle = Prisma.sql`live_links IS NULL`;

/**
 * What a read is checked against before it may count (the password's hash and the key proof's), and
 * whether the id is a recipient's link, which consumeNoteSql reads with a statement of its own.
 */
export function notePasswordHashSql(id: string) {
  return Prisma.sql`
    SELECT password_hash AS hash, burn_after_failures IS NOT NULL AS counts_failures, key_proof_hash,
           files_pending, file_count, content_id IS NOT NULL AS link, burn_after IS NULL AS unlimited
    FROM shares WHERE id = ${id} AND ${liveNote} AND ${notOwnerHandle}`;
}

/** The SET clauses of an UPDATE on shares that burn the note when `reached` holds: no content, no hash. */
function burnWhen(reached: Prisma.Sql) {
  return Prisma.sql`burned_at = CASE WHEN ${reached} THEN now() END,
        password_hash = CASE WHEN ${reached} THEN NULL ELSE password_hash END`;
}

/**
 * Counts one wrong password on a note with burn_after_failures, checked against `checkedHash`. The
 * failure that reaches the limit destroys the note in this same statement (its pages deleted, its
 * hash cleared); the row lock makes parallel failures count one by one, so the limit is exact. No
 * row: the note is gone (or its password changed hands: never, but then nothing is counted).
 */
export function recordPasswordFailureSql(id: string, checkedHash: string, reader: Reader) {
  return Prisma.sql`
    WITH failed AS (
      UPDATE shares SET
        failed_attempts = failed_attempts + 1,
        ${burnWhen(Prisma.sql`failed_attempts + 1 >= burn_after_failures`)}
      WHERE id = ${id} AND ${liveNote} AND burn_after_failures IS NOT NULL AND password_hash = ${checkedHash}
      RETURNING id, content_id, recipient, burn_after, read_count, api_key_id,
                burn_after_failures - failed_attempts AS attempts_left, burned_at IS NOT NULL AS burned
    ), ${endLinksCtes("failed", Prisma.sql`s.burned`, true)},
    ${logEventsCtes(eventsOf("failed", Prisma.sql`'password_failed'`, Prisma.sql`UNION ALL ${burnedOf("failed")}`), reader)}
    SELECT attempts_left, burned FROM failed`;
}

/** The row a read opened, whichever way (a CTE of its own would cost a step more per read). */
const opened = "(SELECT * FROM consumed UNION ALL SELECT * FROM viewed) AS opened";

/** What a read returns of its note's row, and what its log entries are made from. */
const readColumns = Prisma.sql`id, coalesce(content_id, id) AS sealed_as, content_id, recipient, created_at, expires_at,
  burn_after, read_count, burned_at IS NOT NULL AS burned, multi_page, encrypted, api_key_id, file_count`;

/** Which passwords and key proofs a read was checked against (null: only a note without one). */
type Verified = { passwordHash: string | null; keyProofHash: string | null };

/** The note `id` as a read may open it: live, checked against `verified`, of the kind named. */
function readableNote(id: string, verified: Verified, kind: { link: boolean; grant?: ReadGrant }) {
  return Prisma.sql`id = ${id} AND ${liveNote} AND ${notOwnerHandle} AND NOT files_pending AND ${filesMatchGrant(kind.grant)}
    AND content_id IS ${kind.link ? Prisma.sql`NOT NULL` : Prisma.sql`NULL`}
    AND (password_hash IS NULL OR password_hash = ${verified.passwordHash})
    AND (key_proof_hash IS NULL OR key_proof_hash = ${verified.keyProofHash})`;
}

/** The final SELECT of a read: the opened row beside each of its pages, in their order. */
function pagesOf(source: string) {
  return Prisma.sql`
    SELECT opened.id, opened.sealed_as, opened.created_at, opened.expires_at, opened.burn_after,
           opened.read_count, opened.burned, opened.multi_page, opened.encrypted, opened.file_count,
           p.page_index, p.title, p.content, p.content_type, p.html, p.raw_html, p.sealed_by
    FROM ${Prisma.raw(source)} JOIN share_pages p ON p.share_id = opened.sealed_as
    ORDER BY p.page_index`;
}

/**
 * Reads a note in one statement. A note with a view limit consumes one view: the UPDATE's WHERE is
 * re-checked under the row lock, so parallel reads of a note with N views left succeed exactly N
 * times; when this read is the last one, the same statement deletes the pages, and the final SELECT
 * still returns them because every part of a statement sees the snapshot taken before it began. A
 * note without a limit is only looked at: nothing on its row changes, so its readers never queue
 * behind each other's commits, and its reads are counted by its access log alone. `verified.passwordHash` is
 * the password hash the caller checked the password against (null: only a note without a password
 * may be read), `verified.keyProofHash` likewise the key proof's hash (null: only a note without one).
 * The read, and the burn when it is the last, are logged in the same statement (webhooks follow the log).
 * With `link`, the statement reads only a recipient's link, which reads its owner's pages, and whose
 * burn may end the owner (endLinksCtes); without it, only an ordinary note, whose statement has no
 * part for links at all (the caller knows which from notePasswordHashSql, or tries the ordinary one
 * first). With `keep`, the answer of a read that spent a view is kept for a retry with the same
 * Idempotency-Key (keepReadCte). A note with files is read only with `grant`, stored by the same
 * statement (grantFilesCte); without, only a note without files.
 */
export function consumeNoteSql(
  id: string,
  verified: Verified,
  reader: Reader,
  options: { link: boolean; keep?: KeepAnswer; grant?: ReadGrant },
) {
  const { link, keep, grant } = options;
  const readable = readableNote(id, verified, { link, grant });
  const ends = link
    ? endLinksCtes("consumed", Prisma.sql`s.burned`, false)
    : purgePagesCte(Prisma.sql`SELECT id FROM consumed WHERE burned`);
  return ofShape(
    `consume ${link} ${keep !== undefined} ${grant !== undefined}`,
    Prisma.sql`
    WITH consumed AS (
      UPDATE shares SET
        read_count = read_count + 1,
        ${burnWhen(Prisma.sql`read_count + 1 >= burn_after`)}
      WHERE ${readable} AND burn_after IS NOT NULL
      RETURNING ${readColumns}
    ), viewed AS (
      SELECT ${readColumns} FROM shares WHERE ${readable} AND burn_after IS NULL
    ), ${keep ? keepReadCte(keep, verified.passwordHash) : Prisma.empty}${grantFilesCte(grant)}${ends},
    ${logEventsCtes(eventsOf(opened, Prisma.sql`'read'`, Prisma.sql`UNION ALL ${burnedOf("consumed", link)}`), reader)}
    ${pagesOf(opened)}`,
  );
}

/**
 * consumeNoteSql's read of an ordinary note without a view limit and without files, which is only
 * looked at and logged: the same rows, from a statement without the parts that count, burn and
 * purge, which such a note never uses (Postgres sets up every part of a plan on every run). A note
 * with a limit, or one gone, is not read: no row, nothing logged. A note's limit never changes, so
 * a caller that has seen a note read without one may try this first (lib/notes/unlimited-notes.ts).
 */
export function viewNoteSql(id: string, verified: Verified, reader: Reader) {
  return ofShape(
    "view",
    Prisma.sql`
    WITH opened AS (
      SELECT ${readColumns} FROM shares WHERE ${readableNote(id, verified, { link: false })} AND burn_after IS NULL
    ), ${logEventsCtes(eventsOf("opened", Prisma.sql`'read'`), reader)}
    ${pagesOf("opened")}`,
  );
}

/** A wrong password for a live note that does not count failures: its log entry. */
export function logPasswordFailureSql(id: string, reader: Reader) {
  return Prisma.sql`
    WITH live AS (
      SELECT id, content_id, recipient, burn_after, read_count, api_key_id FROM shares WHERE id = ${id} AND ${liveNote}),
    ${logEventsCtes(eventsOf("live", Prisma.sql`'password_failed'`), reader)}
    SELECT count(*)::int AS logged FROM events`;
}
