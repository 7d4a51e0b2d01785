import { Prisma } from "../generated/prisma/client";
import { liveNote } from "../notes/live-note-sql";

// The cleanup's statements on the files tables (collect-files.ts): what an abandoned upload leaves,
// which files nothing keeps any more, and grants that ended.

/**
 * What a statement deleting abandoned notes or answers (CTE `gone`, with `files_charged_to`) answers:
 * how many went, and the declared bytes of their files by payer (the files are collected after).
 */
const deletedAndCharged = (joinFiles: Prisma.Sql) => Prisma.sql`
    , charged AS (
      SELECT g.files_charged_to AS payer, sum(f.size_bytes)::float8 AS bytes
      FROM gone g JOIN note_files f ON ${joinFiles}
      WHERE g.files_charged_to IS NOT NULL GROUP BY g.files_charged_to
    )
    SELECT (SELECT count(*)::int FROM gone) AS deleted,
           coalesce((SELECT json_agg(charged) FROM charged), '[]'::json) AS charges`;

/**
 * A pending note whose upload time ran out: deleted (its links go with it, by their foreign key; its
 * files are collected after), with what its files were charged to.
 */
export function deleteAbandonedNotesSql(batchSize: number) {
  return Prisma.sql`
    WITH gone AS (
      DELETE FROM shares WHERE id IN (
        SELECT id FROM shares WHERE files_pending AND content_id IS NULL AND upload_expires_at <= now()
        ORDER BY upload_expires_at LIMIT ${batchSize}::int FOR UPDATE SKIP LOCKED)
      RETURNING id, files_charged_to
    )${deletedAndCharged(Prisma.sql`f.share_id = g.id`)}`;
}

/**
 * An answer whose files were not all uploaded in time: deleted (it still counts against its request's
 * answers, as a deleted answer does; its files are collected after), with what its files were charged to.
 */
export function deleteAbandonedAnswersSql(batchSize: number) {
  return Prisma.sql`
    WITH gone AS (
      DELETE FROM request_answers WHERE (request_id, number) IN (
        SELECT request_id, number FROM request_answers WHERE files_pending AND upload_expires_at <= now()
        ORDER BY upload_expires_at LIMIT ${batchSize}::int FOR UPDATE SKIP LOCKED)
      RETURNING request_id, number, files_charged_to
    )${deletedAndCharged(Prisma.sql`f.request_id = g.request_id AND f.answer_number = g.number`)}`;
}

/** Grants of notes that were deleted (owner delete, take-down) end with them. */
export function endGrantsOfGoneNotesSql(filesIds: string[]) {
  return Prisma.sql`
    DELETE FROM file_grants g WHERE g.files_id = ANY(${filesIds}::text[])
      AND NOT EXISTS (SELECT 1 FROM shares s WHERE s.id = g.files_id)`;
}

/**
 * Files nothing keeps any more (optionally only those of the notes or requests `ownerIds`): their
 * note is gone, burned, expired or abandoned, and no unexpired grant lets a reader still download
 * them; or their answer is deleted or abandoned, or its request is gone or expired.
 */
export function unkeptFilesSql(batchSize: number, ownerIds: string[] | null) {
  return Prisma.sql`
    SELECT f.id FROM note_files f
    WHERE (${ownerIds}::text[] IS NULL OR f.share_id = ANY(${ownerIds}::text[])
           OR f.request_id = ANY(${ownerIds}::text[]))
      AND NOT EXISTS (SELECT 1 FROM file_grants g WHERE g.files_id = f.share_id AND g.expires_at > now())
      AND NOT EXISTS (SELECT 1 FROM shares s WHERE s.id = f.share_id AND ${liveNote}
                        AND NOT (s.files_pending AND s.upload_expires_at <= now()))
      AND NOT EXISTS (SELECT 1 FROM request_answers a JOIN requests r ON r.id = a.request_id
                      WHERE a.request_id = f.request_id AND a.number = f.answer_number AND r.expires_at > now()
                        AND NOT (a.files_pending AND a.upload_expires_at <= now()))
    LIMIT ${batchSize}::int`;
}

/** Forgets files whose chunks are gone from the store. */
export function forgetFilesSql(fileIds: string[]) {
  return Prisma.sql`DELETE FROM note_files WHERE id = ANY(${fileIds}::uuid[])`;
}

/** Forgets grants that expired (every read of a note with files leaves one). */
export function purgeExpiredGrantsSql() {
  return Prisma.sql`DELETE FROM file_grants WHERE expires_at <= now()`;
}
