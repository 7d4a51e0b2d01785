import { Prisma } from "../generated/prisma/client";
import { ofShape } from "../db/pg-statements";
import { filesMatchGrant, grantFilesCte, type ReadGrant } from "../files/file-sql";
import { burnedOf, eventsOf, logEventsCtes, type Reader } from "./note-event-sql";
import { keepReadCte, type KeepAnswer } from "../idempotency/kept-answer-sql";
import { endLinksCtes, purgePagesCte } from "./note-link-sql";
import { liveNote } from "./live-note-sql";

// The statements a read runs (lib/notes/read-note.ts): what it is checked against, the wrong
// passwords it counts, and the read itself, which consumes a view or only looks (read-plan.ts picks
// which). Run with queryRows.

/** Not an owner handle, whose content is read through its recipients' links only. */
const notOwnerHandle = Prisma.sql`live_links IS NULL`;

/**
 * What a read is checked against before it may count (the password's hash and the key proof's), and
 * whether the id is a recipient's link, which consumeNoteSql reads with a statement of its own.
 */
export function notePasswordHashSql(id: string) {
  return Prisma.sql`
    SELECT password_hash AS hash, burn_after_failures IS NOT NULL AS counts_failures, key_proof_hash,
           files_pending, file_count, content_id IS NOT NULL AS link, burn_after IS NULL AS unlimited,
           sign_in_required
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
  burn_after, read_count, burned_at IS NOT NULL AS burned, multi_page, encrypted, api_key_id, file_count,
  sign_in_required`;

/**
 * Which passwords and key proofs a read was checked against (null: only a note without one), and
 * whether its caller was found signed in (false: only a note that is not for members only).
 */
type Verified = { passwordHash: string | null; keyProofHash: string | null; signedIn: boolean };

/** The note `id` as a read may open it: live, checked against `verified`, of the kind named. */
function readableNote(id: string, verified: Verified, kind: { link: boolean; grant?: ReadGrant }) {
  return Prisma.sql`id = ${id} AND ${liveNote} AND ${notOwnerHandle} AND NOT files_pending AND ${filesMatchGrant(kind.grant)}
    AND content_id IS ${kind.link ? Prisma.sql`NOT NULL` : Prisma.sql`NULL`}
    AND (password_hash IS NULL OR password_hash = ${verified.passwordHash})
    AND (key_proof_hash IS NULL OR key_proof_hash = ${verified.keyProofHash})
    AND (NOT sign_in_required OR ${verified.signedIn}::boolean)`;
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
 * part for links at all (the read's plan says which: lib/notes/read-plan.ts). With `keep`, the
 * answer of a read that spent a view is kept for a retry with the same Idempotency-Key
 * (keepReadCte). A note with files is read only with `grant`, stored by the same statement
 * (grantFilesCte); without, only a note without files.
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
    ), ${keep ? keepReadCte(keep, verified) : Prisma.empty}${grantFilesCte(grant)}${ends},
    ${logEventsCtes(eventsOf(opened, Prisma.sql`'read'`, Prisma.sql`UNION ALL ${burnedOf("consumed", link)}`), reader)}
    ${pagesOf(opened)}`,
  );
}

/**
 * consumeNoteSql's read of an ordinary note without a view limit and without files, which is only
 * looked at and logged: the same rows, from a statement without the parts that count, burn and
 * purge, which such a note never uses (Postgres sets up every part of a plan on every run). A note
 * with a limit, or one gone, is not read: no row, nothing logged. A note's limit never changes, so
 * a read of a note this process has seen read without one is planned as this (lib/notes/view-hint.ts).
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
