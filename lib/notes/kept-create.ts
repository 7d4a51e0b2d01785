import "server-only";
import { digestsEqual } from "../crypto/digest";
import { open, seal } from "../crypto/seal";
import { queryRows } from "../db";
import { sealingKeys } from "../env";
import { ApiError } from "../http/api-error";
import { keptAnswerSeconds } from "../idempotency/idempotency-key";
import type { CreatedNoteRow } from "./create-note";
import { runKeeping } from "../idempotency/run-keeping";
import { keptAnswerSql, type KeepAnswer } from "./kept-answer-sql";
import type { ContentType } from "./note-policy";

// A create sent with an Idempotency-Key: the statement that stores the note also keeps its answer
// (kept-answer-sql.ts), and a retry with the same key and the same body gets that answer (the same
// note, the same delete token) instead of a second note. The same key with another body is refused.

/** The lookup of the create's key and the fingerprint of its body (lib/idempotency). */
export type CreateIdempotency = { lookup: string; fingerprint: string };

/** What the kept answer must not show a database dump: sealed, and bound to its row's lookup. */
type SealedPart = Pick<
  CreatedNoteRow,
  "password_required" | "owned" | "delete_token" | "links" | "uploads"
> & {
  fingerprint: string;
};
type KeptCreateAnswer = {
  id: string;
  created_at: string;
  expires_at: string | null;
  burn_after: number | null;
  content_type: ContentType;
  page_count: number;
  encrypted: boolean;
  sealed: string;
};

const associatedData = (lookup: string) => `notes/v1|kept answer|${lookup}`;

/** What insertNoteSql keeps for this create. */
export function keepCreate(
  idempotency: CreateIdempotency,
  created: Omit<SealedPart, "fingerprint">,
): KeepAnswer & { sealed: string } {
  const { lookup, fingerprint } = idempotency;
  const part: SealedPart = { ...created, fingerprint };
  const sealed = seal(sealingKeys()[0], JSON.stringify(part), associatedData(lookup));
  return { lookup, seconds: keptAnswerSeconds, sealed };
}

/**
 * The answer kept for this key, or null when none is (never sent, or its window ended). Refuses a
 * body other than the one the key was first sent with.
 */
export async function keptCreate(idempotency: CreateIdempotency): Promise<CreatedNoteRow | null> {
  const [kept] = await queryRows<{ answer: KeptCreateAnswer }>(keptAnswerSql(idempotency.lookup));
  if (!kept) return null;
  const { sealed, created_at, expires_at, ...note } = kept.answer;
  const { fingerprint, ...part } = JSON.parse(
    open(sealingKeys(), sealed, associatedData(idempotency.lookup)),
  ) as SealedPart;
  if (!digestsEqual(Buffer.from(fingerprint), Buffer.from(idempotency.fingerprint))) {
    throw new ApiError(
      "idempotency_conflict",
      "This Idempotency-Key was sent with another body: a new note needs a new key.",
    );
  }
  return {
    ...note,
    created_at: new Date(created_at),
    expires_at: expires_at === null ? null : new Date(expires_at),
    ...part,
  };
}

/**
 * Runs the storing statement; when another request with the same key stored its note first, answers
 * with that one instead, storing nothing (run-keeping.ts).
 */
export function insertKeeping<T>(
  idempotency: CreateIdempotency,
  insert: () => Promise<T>,
): Promise<T | CreatedNoteRow> {
  return runKeeping(idempotency.lookup, insert, () => keptCreate(idempotency));
}
