import "server-only";
import type { SealingKey } from "../crypto/seal";
import { queryRows } from "../db";
import type { Statement } from "../db/pg-statements";
import { sealingKeys } from "../env";
import { keptAnswerLookup } from "../idempotency/idempotency-key";
import type { KeepAnswer } from "../idempotency/kept-answer-sql";
import { keepingUnder, keptAnswer, runKeeping, type KeptAnswerRow } from "../idempotency/run-keeping";
import type { SignedIn } from "../people/sign-in-gate";
import type { RequestLimits } from "../rate-limit/request-limits";
import { checkReadPassword, keyProofFits } from "./check-read-password";
import type { ReadNoteBody } from "./note-schemas";
import type { ConsumedRow } from "./open-consumed-rows";

// A read sent with an Idempotency-Key: its statement keeps its answer (lib/idempotency), and a
// retry with the same key within the window gets that answer back, opened again, without spending
// a view. The retry must present what the first read had to: for a note with a password, the
// password (the kept answer holds the note's verifier, never the password, and its pages sealed by
// the password's key, so without it nothing opens); for an end-to-end note, the proof of the link's
// key, checked first, as a first read checks it. So a burned note's kept answer opens only for
// whoever could have read the note, from any address.

export type KeptReadKey = {
  id: string;
  key: string;
  password: ReadNoteBody["password"];
  keyProof: string | undefined;
  limits: RequestLimits;
  signedIn: SignedIn;
};

/** Why a retry's kept answer is not given: what a first read without the same would be told. */
type KeptReadRefusal = "sign_in_required" | "bad_key_proof" | "bad_password";

type KeptReadAnswer = Omit<ConsumedRow, "created_at" | "expires_at" | keyof ConsumedPage> & {
  created_at: string;
  expires_at: string | null;
  pages: ConsumedPage[] | null;
  /** absent from answers kept before notes for members only existed */
  sign_in_required?: boolean;
};
type ConsumedPage = Pick<
  ConsumedRow,
  "page_index" | "title" | "content" | "content_type" | "html" | "raw_html" | "sealed_by"
>;
type KeptRow = KeptAnswerRow<KeptReadAnswer>;

const lookupOf = (read: KeptReadKey) => keptAnswerLookup({ read: read.id }, read.key);

/** The rows a consumeNoteSql would have returned, from a kept answer. */
function rowsOf(answer: KeptReadAnswer): ConsumedRow[] {
  const { pages, ...note } = answer;
  const created_at = new Date(note.created_at);
  const expires_at = note.expires_at === null ? null : new Date(note.expires_at);
  return (pages ?? []).map((page) => ({ ...note, created_at, expires_at, ...page }));
}

/**
 * The keys that open the kept pages once the caller is found signed in (a note for members only)
 * and the key proof is checked: the password's, checked like a read's (and rate limited).
 */
async function keysFor(kept: KeptRow, read: KeptReadKey): Promise<readonly SealingKey[] | KeptReadRefusal> {
  if (kept.answer.sign_in_required === true && !(await read.signedIn())) return "sign_in_required";
  if (!keyProofFits(read.keyProof, kept.key_proof_hash)) return "bad_key_proof";
  if (kept.password_hash === null) return sealingKeys();
  const { password, limits, id } = read;
  const checked = await checkReadPassword({ noteId: id, hash: kept.password_hash, password, limits });
  if (typeof checked === "string") return "bad_password";
  return checked.sealingKey ? [checked.sealingKey] : sealingKeys();
}

/**
 * The answer kept by an earlier read with this key, as the rows to fold, with the keys that open
 * them; null when none is kept (never sent, or its window ended); "bad_key_proof" when the note was
 * end to end and this retry's proof is missing or wrong; "bad_password" when the note had a
 * password and this retry's is missing or wrong (never counted against the note: it may be gone).
 */
export async function keptRead(
  read: KeptReadKey,
): Promise<{ rows: ConsumedRow[]; keys: readonly SealingKey[] } | KeptReadRefusal | null> {
  const kept = await keptAnswer<KeptReadAnswer>(lookupOf(read));
  if (!kept) return null;
  const keys = await keysFor(kept, read);
  return typeof keys === "string" ? keys : { rows: rowsOf(kept.answer), keys };
}

/**
 * Runs the consuming statement keeping its answer under the read's key; when another request with
 * that key kept one first, answers with that one instead, spending nothing (lib/idempotency/run-keeping.ts).
 */
export async function consumeKeeping(
  read: KeptReadKey,
  statement: (keep: KeepAnswer) => Statement,
): Promise<ConsumedRow[]> {
  const lookup = lookupOf(read);
  const rows = await runKeeping(
    lookup,
    () => queryRows<ConsumedRow>(statement(keepingUnder(lookup))),
    () => keptRead(read),
  );
  if (Array.isArray(rows)) return rows;
  return typeof rows === "string" ? [] : rows.rows;
}
