import { Prisma } from "../generated/prisma/client";
import { liveNote } from "../notes/live-note-sql";

// What /me reads of a person's own notes and requests beyond their notes' list (ownNotesSql in
// lib/notes/note-event-sql.ts): never a note's content.

/** The live recipients' links of a note the person created, to revoke one by one. */
export function ownNoteLinksSql(personId: string, noteId: string) {
  return Prisma.sql`
    SELECT id, recipient FROM shares
    WHERE content_id = ${noteId} AND created_by = ${personId} AND ${liveNote}
    ORDER BY id`;
}

export type OwnRequestRow = {
  id: string;
  created_at: Date;
  expires_at: Date;
  /** sealed (lib/requests/request-sealing.ts) */
  title: string;
  max_answers: number;
  answer_count: number;
};

/** Where the previous page of a person's requests ended: its last request's creation and id. */
export type OwnRequestsCursor = { createdAt: Date; id: string };

/** The person's requests not yet purged, newest first, from after `cursor` (null: the newest). */
export function ownRequestsSql(personId: string, cursor: OwnRequestsCursor | null, limit: number) {
  const after = cursor
    ? Prisma.sql`AND (created_at, id) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::varchar)`
    : Prisma.empty;
  return Prisma.sql`
    SELECT id, created_at, expires_at, title, max_answers, answer_count FROM requests
    WHERE created_by = ${personId} ${after}
    ORDER BY created_at DESC, id DESC LIMIT ${limit}::int`;
}
