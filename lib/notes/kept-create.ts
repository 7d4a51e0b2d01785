import "server-only";
import type { CreateIdempotency } from "../idempotency/idempotency-key";
import { keptAnswer, runKeeping } from "../idempotency/run-keeping";
import { openPart } from "../idempotency/sealed-part";
import type { CreatedNoteRow } from "./created-note-row";
import type { ContentType } from "./note-policy";

// A create sent with an Idempotency-Key: the statement that stores the note also keeps its answer
// (lib/idempotency), and a retry with the same key and the same body gets that answer (the same
// note, the same delete token) instead of a second note. The same key with another body is refused.

/** What the kept answer must not show a database dump: sealed, and bound to its row's lookup. */
type SealedPart = Pick<CreatedNoteRow, "password_required" | "owned" | "delete_token" | "links" | "uploads">;
type KeptCreateAnswer = {
  id: string;
  created_at: string;
  expires_at: string | null;
  burn_after: number | null;
  content_type: ContentType;
  page_count: number;
  encrypted: boolean;
  /** absent from answers kept before notes for members only existed */
  sign_in_required?: boolean;
  sealed: string;
};

/**
 * The answer kept for this key, or null when none is (never sent, or its window ended). Refuses a
 * body other than the one the key was first sent with.
 */
async function keptCreate(idempotency: CreateIdempotency): Promise<CreatedNoteRow | null> {
  const kept = await keptAnswer<KeptCreateAnswer>(idempotency.lookup);
  if (!kept) return null;
  const { sealed, created_at, expires_at, ...note } = kept.answer;
  const part = openPart<SealedPart>(idempotency, sealed);
  return {
    ...note,
    sign_in_required: note.sign_in_required ?? false,
    created_at: new Date(created_at),
    expires_at: expires_at === null ? null : new Date(expires_at),
    ...part,
  };
}

/**
 * Runs the storing statement; when another request with the same key stored its note first, answers
 * with that one instead, storing nothing (lib/idempotency/run-keeping.ts).
 */
export function insertKeeping<T>(
  idempotency: CreateIdempotency,
  insert: () => Promise<T>,
): Promise<T | CreatedNoteRow> {
  return runKeeping(idempotency.lookup, insert, () => keptCreate(idempotency));
}
