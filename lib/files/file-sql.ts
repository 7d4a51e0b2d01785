import { Prisma } from "../generated/prisma/client";
import { liveNote } from "../notes/live-note-sql";
import type { FileOwner } from "./file-owner";

// Every statement on the files tables (note_files, file_grants), named, in one place but for the
// cleanup's (collect-files-sql.ts). Sizes are read as float8: pg gives bigint as a string, and every
// size here is a safe integer. A file belongs to a note (share_id) or to a request's answer
// (request_id, answer_number); uploads, the store and the cleanup are the same for both.

type NewFile = {
  file_index: number;
  size_bytes: number;
  chunk_count: number;
  /** plain notes: sealed name and type, and the key that sealed them; else null */
  name: string | null;
  type: string | null;
  sealed_by: string | null;
  /** plain notes: the server key that seals the chunks; null for end-to-end ciphertext */
  chunks_sealed_by: string | null;
};

export type NewFiles = {
  uploadTokenHash: string;
  uploadExpiresAt: Date;
  /** who the declared bytes were charged to (file-budget.ts), null when to no one */
  chargedTo: string | null;
  list: NewFile[];
};

const ownerColumns = {
  note: { columns: Prisma.sql`share_id`, values: Prisma.sql`note.id`, from: Prisma.sql`note` },
  answer: {
    columns: Prisma.sql`request_id, answer_number`,
    values: Prisma.sql`answer.request_id, answer.number`,
    from: Prisma.sql`answer`,
  },
};

/**
 * CTE `files` (followed by a comma): the files of the note of CTE `note` (insertNoteSql), or of the
 * answer of CTE `answer` (answerRequestSql).
 */
export function insertFilesCte(files: NewFiles | undefined, owner: keyof typeof ownerColumns = "note") {
  if (!files) return Prisma.empty;
  const { columns, values, from } = ownerColumns[owner];
  return Prisma.sql`files AS (
      INSERT INTO note_files (${columns}, file_index, size_bytes, chunk_count, name, type, sealed_by, chunks_sealed_by)
      SELECT ${values}, f.file_index, f.size_bytes, f.chunk_count, f.name, f.type, f.sealed_by, f.chunks_sealed_by
      FROM ${from}, json_to_recordset(${JSON.stringify(files.list)}::json)
        AS f(file_index int, size_bytes bigint, chunk_count int, name text, type text, sealed_by text,
             chunks_sealed_by text)
    ),`;
}

/** Declared bytes of every file held: uploading, complete, or waiting for the cleanup. */
export function heldFileBytesSql() {
  return Prisma.sql`SELECT coalesce(sum(size_bytes), 0)::float8 AS bytes FROM note_files`;
}

const uploadFileColumns = Prisma.sql`
  f.id AS file_id, f.size_bytes::float8 AS size, f.chunk_count, f.received_chunks, f.chunks_sealed_by`;

/**
 * What an upload to file `index` of `owner` is checked against: the owner's token and whether it
 * still takes uploads, and the file (null columns: no such file). Only the note that holds the files
 * (not a recipient's link) takes uploads; an answer's files are end-to-end, always.
 */
export function uploadTargetSql(owner: FileOwner, index: number) {
  if ("note" in owner) {
    return Prisma.sql`
      SELECT s.upload_token_hash, s.encrypted,
             (${liveNote} AND s.files_pending AND s.upload_expires_at > now()) AS open, ${uploadFileColumns}
      FROM shares s LEFT JOIN note_files f ON f.share_id = s.id AND f.file_index = ${index}::int
      WHERE s.id = ${owner.note} AND s.content_id IS NULL AND s.file_count > 0`;
  }
  return Prisma.sql`
    SELECT a.upload_token_hash, true AS encrypted,
           (r.expires_at > now() AND a.files_pending AND a.upload_expires_at > now()) AS open, ${uploadFileColumns}
    FROM request_answers a JOIN requests r ON r.id = a.request_id
      LEFT JOIN note_files f
        ON f.request_id = a.request_id AND f.answer_number = a.number AND f.file_index = ${index}::int
    WHERE a.request_id = ${owner.request} AND a.number = ${owner.answer}::int AND a.file_count > 0`;
}

/** How long a claimed chunk stays claimed by an upload that neither finished nor gave it back (a crash). */
const claimSeconds = 30;

/**
 * Claims chunk `chunk` as the next one of the file, for one upload only: of parallel uploads of the
 * same chunk, the row lock lets exactly one through. No row: another upload holds it, or it is not next.
 */
export function claimChunkSql(fileId: string, chunk: number) {
  return Prisma.sql`
    UPDATE note_files SET writing_since = now()
    WHERE id = ${fileId}::uuid AND received_chunks = ${chunk}::int
      AND (writing_since IS NULL OR writing_since < now() - make_interval(secs => ${claimSeconds}))
    RETURNING received_chunks`;
}

/**
 * Why a chunk could not be claimed: how many chunks of the file are stored, and for how many more
 * seconds (at least 1) the upload holding the chunk keeps it, 0 when none does.
 */
export function chunkClaimSql(fileId: string) {
  return Prisma.sql`
    SELECT received_chunks,
           greatest(0, ceil(extract(epoch FROM writing_since + make_interval(secs => ${claimSeconds}) - now())))::int
             AS claimed_seconds
    FROM note_files WHERE id = ${fileId}::uuid`;
}

/** Gives a claimed chunk back when storing it failed. */
export function releaseChunkSql(fileId: string, chunk: number) {
  return Prisma.sql`
    UPDATE note_files SET writing_since = NULL WHERE id = ${fileId}::uuid AND received_chunks = ${chunk}::int`;
}

/**
 * Records a stored chunk. The file's last chunk takes one from its owner's files_left under the row's
 * lock (parallel files' last chunks count one by one); the one that reaches zero makes the note and
 * its links, or the answer, readable in the same statement.
 */
export function commitChunkSql(fileId: string, chunk: number) {
  return Prisma.sql`
    WITH done AS (
      UPDATE note_files SET received_chunks = received_chunks + 1, writing_since = NULL
      WHERE id = ${fileId}::uuid AND received_chunks = ${chunk}::int
      RETURNING share_id, request_id, answer_number, received_chunks, chunk_count
    ), answer AS (
      UPDATE request_answers a SET files_left = a.files_left - 1, files_pending = a.files_left > 1
      FROM done WHERE a.request_id = done.request_id AND a.number = done.answer_number
        AND done.received_chunks = done.chunk_count
    ), owner AS (
      UPDATE shares SET files_left = shares.files_left - 1, files_pending = shares.files_left > 1
      FROM done WHERE shares.id = done.share_id AND done.received_chunks = done.chunk_count
      RETURNING shares.id, shares.files_pending
    ), links AS (
      UPDATE shares SET files_pending = false FROM owner WHERE shares.content_id = owner.id AND NOT owner.files_pending
    )
    SELECT received_chunks FROM done`;
}

/** A consuming read's download grant, made before its statement: the token's hash, and for how long. */
export type ReadGrant = { tokenHash: string; seconds: number };

/**
 * consumeNoteSql's part for a note with files: CTE `granted` (followed by a comma), over its CTEs
 * consumed and viewed. The read that spends a view grants its reader the files in that same
 * statement, so no crash can spend the view without the grant. The token `grant.tokenHash`
 * downloads the files of the note holding them (sealed_as) through the link read, for
 * `grant.seconds` and never past that note's expiry. Without a grant (an ordinary note) it is nothing.
 */
export function grantFilesCte(grant: ReadGrant | undefined) {
  if (!grant) return Prisma.empty;
  return Prisma.sql`granted AS (
      INSERT INTO file_grants (token_hash, share_id, files_id, expires_at)
      SELECT ${grant.tokenHash}, r.id, r.sealed_as,
             least(now() + make_interval(secs => ${grant.seconds}::int), coalesce(s.expires_at, 'infinity'))
      FROM (SELECT id, sealed_as FROM consumed UNION ALL SELECT id, sealed_as FROM viewed) AS r
      JOIN shares s ON s.id = r.sealed_as
    ), `;
}

/**
 * consumeNoteSql's condition that a note with files is read only with a grant (grantFilesCte): a read
 * without one leaves such a note alone, and the caller looks it up and reads it again with one.
 */
export const filesMatchGrant = (grant: ReadGrant | undefined) =>
  grant ? Prisma.sql`file_count > 0` : Prisma.sql`file_count = 0`;

/** The files a grant made by grantFilesCte opens, in order (none: that grant does not exist). */
export function filesOfGrantSql(tokenHash: string) {
  return Prisma.sql`
    SELECT f.file_index, f.size_bytes::float8 AS size, f.name, f.type, f.sealed_by
    FROM file_grants g JOIN note_files f ON f.share_id = g.files_id
    WHERE g.token_hash = ${tokenHash} ORDER BY f.file_index`;
}

/**
 * A grant for a read answered from a kept answer (a retry with its Idempotency-Key, which spends no
 * view): like grantFilesCte, on its own. Returns the files, in order.
 */
export function grantFilesSql(readId: string, filesId: string, tokenHash: string, seconds: number) {
  return Prisma.sql`
    WITH grant_row AS (
      INSERT INTO file_grants (token_hash, share_id, files_id, expires_at)
      SELECT ${tokenHash}, ${readId}, ${filesId},
             least(now() + make_interval(secs => ${seconds}::int), coalesce(expires_at, 'infinity'))
      FROM shares WHERE id = ${filesId}
    )
    SELECT file_index, size_bytes::float8 AS size, name, type, sealed_by, chunks_sealed_by
    FROM note_files WHERE share_id = ${filesId} ORDER BY file_index`;
}

/**
 * The file a download grant opens: file `index` of the note it was granted for, through link `id`.
 * A grant outlives the note its read burned: then the note's members-only flag is gone with it, and
 * the grant, issued to a reader who was signed in, works for the rest of its minutes.
 */
export function grantedFileSql(id: string, index: number, tokenHash: string) {
  return Prisma.sql`
    SELECT f.id AS file_id, f.share_id, f.size_bytes::float8 AS size, f.chunk_count, f.name, f.type,
           f.sealed_by, f.chunks_sealed_by, coalesce(s.sign_in_required, false) AS sign_in_required
    FROM file_grants g JOIN note_files f ON f.share_id = g.files_id AND f.file_index = ${index}::int
      LEFT JOIN shares s ON s.id = g.share_id
    WHERE g.token_hash = ${tokenHash} AND g.share_id = ${id} AND g.expires_at > now()`;
}

/** The files of a complete answer, in order (none while its files are pending). */
export function answerFilesSql(requestId: string, number: number) {
  return Prisma.sql`
    SELECT f.file_index, f.size_bytes::float8 AS size
    FROM request_answers a JOIN note_files f ON f.request_id = a.request_id AND f.answer_number = a.number
    WHERE a.request_id = ${requestId} AND a.number = ${number}::int AND NOT a.files_pending
    ORDER BY f.file_index`;
}

/** File `index` of a complete answer of a live request, for its requester to download. */
export function answerFileSql(requestId: string, number: number, index: number) {
  return Prisma.sql`
    SELECT f.id AS file_id, f.size_bytes::float8 AS size, f.chunk_count, f.chunks_sealed_by
    FROM request_answers a JOIN requests r ON r.id = a.request_id
      JOIN note_files f ON f.request_id = a.request_id AND f.answer_number = a.number
    WHERE a.request_id = ${requestId} AND a.number = ${number}::int AND f.file_index = ${index}::int
      AND NOT a.files_pending AND r.expires_at > now()`;
}

/** Whether any file's name, type or chunks are still sealed with the key (`npm run reseal` leaves them). */
export function filesSealedBySql(keyId: string) {
  return Prisma.sql`
    SELECT EXISTS (SELECT 1 FROM note_files WHERE sealed_by = ${keyId} OR chunks_sealed_by = ${keyId}) AS used`;
}
