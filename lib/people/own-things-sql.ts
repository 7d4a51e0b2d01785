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

/** The person's requests not yet purged, newest first. */
export function ownRequestsSql(personId: string, limit: number) {
  return Prisma.sql`
    SELECT id, created_at, expires_at, title, max_answers, answer_count FROM requests
    WHERE created_by = ${personId}
    ORDER BY created_at DESC, id LIMIT ${limit}::int`;
}
