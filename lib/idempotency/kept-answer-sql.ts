import { sealedByPrefix } from "../crypto/seal";
import { Prisma } from "../generated/prisma/client";

// The statements on kept_answers: each kept answer is written by the statement whose answer it is,
// as a CTE of it, so a read that spent a view or a create that stored a note always has its answer
// kept, whatever becomes of the reply. A second request with the same key meets the primary key:
// the whole statement fails (no view spent, no note stored) and the caller gives back the answer
// kept by the first.

/** Where a statement keeps its answer: the lookup of its key, for how many seconds. */
export type KeepAnswer = { lookup: string; seconds: number };

const keptUntil = (keep: KeepAnswer) => Prisma.sql`now() + make_interval(secs => ${keep.seconds}::int)`;

/**
 * CTE `kept` of consumeNoteSql (followed by a comma): the answer of a read that spent a view, from
 * CTE `consumed`: the note's counters and a copy of its pages as stored, each text still sealed by
 * the key that sealed the note (bound to the note, page and field), and the password hash and key
 * proof hash the read was checked against, which a retry must pass again. A read of a note without
 * a view limit spends nothing, and keeps nothing.
 */
export function keepReadCte(
  keep: KeepAnswer,
  verified: { passwordHash: string | null; keyProofHash: string | null },
) {
  return Prisma.sql`kept AS (
      INSERT INTO kept_answers (lookup, share_id, kept_until, password_hash, key_proof_hash, answer)
      SELECT ${keep.lookup}, c.id, ${keptUntil(keep)}, ${verified.passwordHash}::text, ${verified.keyProofHash}::text,
             jsonb_build_object('id', c.id, 'sealed_as', c.sealed_as, 'created_at', c.created_at,
               'expires_at', c.expires_at, 'burn_after', c.burn_after, 'read_count', c.read_count,
               'burned', c.burned, 'multi_page', c.multi_page, 'encrypted', c.encrypted, 'file_count', c.file_count,
               'sign_in_required', c.sign_in_required,
               'pages', (SELECT jsonb_agg(jsonb_build_object('page_index', p.page_index, 'title', p.title,
                          'content', p.content, 'content_type', p.content_type, 'html', p.html,
                          'raw_html', p.raw_html, 'sealed_by', p.sealed_by) ORDER BY p.page_index)
                        FROM share_pages p WHERE p.share_id = c.sealed_as))
      FROM consumed c
    ),`;
}

/**
 * CTE `kept` of insertNoteSql (followed by a comma): the create's answer, from CTE `note`; `sealed`
 * holds what the answer shows once and the database must not (the delete token), sealed with
 * ENCRYPTION_KEYS and bound to this row's lookup.
 */
export function keepCreateCte(keep: (KeepAnswer & { sealed: string }) | undefined) {
  if (!keep) return Prisma.empty;
  return Prisma.sql`kept AS (
      INSERT INTO kept_answers (lookup, share_id, kept_until, answer)
      SELECT ${keep.lookup}, note.id, ${keptUntil(keep)},
             jsonb_build_object('id', note.id, 'created_at', note.created_at, 'expires_at', note.expires_at,
               'burn_after', note.burn_after, 'content_type', note.content_type,
               'page_count', note.page_count, 'encrypted', note.encrypted,
               'sign_in_required', note.sign_in_required, 'sealed', ${keep.sealed}::text)
      FROM note
    ),`;
}

/** A kept answer still in its window. */
export function keptAnswerSql(lookup: string) {
  return Prisma.sql`
    SELECT share_id, password_hash, key_proof_hash, answer FROM kept_answers WHERE lookup = ${lookup} AND kept_until > now()`;
}

/**
 * Whether a kept answer still in its window holds a value sealed by `keyId` (a read's pages, a
 * create's delete token): a retry would open it with that key, so the key stays until the window ends.
 */
export function keptAnswersSealedBySql(keyId: string) {
  return Prisma.sql`
    SELECT EXISTS (SELECT 1 FROM kept_answers
                   WHERE kept_until > now() AND strpos(answer::text, ${sealedByPrefix(keyId)}) > 0) AS used`;
}

/** Deletes the kept answer under `lookup` if its window has ended, so that its key can keep anew. */
export function forgetEndedKeptAnswerSql(lookup: string) {
  return Prisma.sql`DELETE FROM kept_answers WHERE lookup = ${lookup} AND kept_until <= now()`;
}

/** CTE `forgotten` (after a comma): the kept answers of the notes in CTE `source` (deleted). */
export function forgetKeptAnswersCte(source: string) {
  return Prisma.sql`forgotten AS (
      DELETE FROM kept_answers WHERE share_id IN (SELECT id FROM ${Prisma.raw(source)}))`;
}

/** Deletes up to `batchSize` kept answers whose window has ended (cleanup). */
export function purgeKeptAnswersSql(batchSize: number) {
  return Prisma.sql`
    WITH purged AS (
      DELETE FROM kept_answers WHERE lookup IN (
        SELECT lookup FROM kept_answers WHERE kept_until <= now() ORDER BY kept_until
        LIMIT ${batchSize}::int FOR UPDATE SKIP LOCKED)
      RETURNING 1)
    SELECT count(*)::int AS deleted FROM purged`;
}

/** Whether `error` is a second request meeting the answer another kept under the same key. */
export function isKeptAnswerConflict(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === "23505" && (constraint === undefined || constraint === "kept_answers_pkey");
}
