import "server-only";
import { findStoredShare } from "./find-stored-share";

export type ModeratedNote = Awaited<ReturnType<typeof findNoteForModeration>>;

const noteStatus = (note: { burnedAt: Date | null; expiresAt: Date | null }, now: Date) =>
  note.burnedAt ? "burned" : note.expiresAt && note.expiresAt <= now ? "expired" : "live";

/**
 * What moderation sees of a stored note (live, or expired or burned but not yet purged): its
 * metadata and owner, never its content, and without counting a view.
 */
export async function findNoteForModeration(options: { id: string }) {
  const note = await findStoredShare(options.id, {
    id: true,
    createdAt: true,
    expiresAt: true,
    burnedAt: true,
    burnAfter: true,
    readCount: true,
    passwordHash: true,
    contentType: true,
    pageCount: true,
    sizeBytes: true,
    apiKey: { select: { id: true, label: true, prefix: true } },
  });
  const { passwordHash, ...rest } = note;
  return { ...rest, passwordRequired: passwordHash !== null, status: noteStatus(note, new Date()) };
}
