import "server-only";
import type { SealingKey } from "../crypto/seal";
import { hashSecret } from "../crypto/secret-hash";
import { queryRows } from "../db";
import { sealingKeys } from "../env";
import { filesIncomplete, newReadGrant } from "../files/grant-files";
import { ApiError } from "../http/api-error";
import { countNote } from "../metrics/metrics";
import { assertSignedIn, signInRequired, type SignedIn } from "../people/sign-in-gate";
import type { RequestLimits } from "../rate-limit/request-limits";
import { checkReadPassword, keyProofFits } from "./check-read-password";
import { notAString, type ReadNoteBody } from "./note-schemas";
import { assertNoteId, notFound } from "./note-id";
import { consumeKeeping, keptRead, type KeptReadKey } from "./kept-read";
import type { Reader } from "./note-event-sql";
import { openConsumedRows, type ConsumedRow, type ReadNoteRow } from "./open-consumed-rows";
import { servesUnsealedPages } from "./plaintext-fallback";
import { grantsFiles, pickReadPlan, type ReadPlan } from "./read-plan";
import { addViewHint, dropViewHint, hasViewHint } from "./view-hint";
import {
  consumeNoteSql,
  logPasswordFailureSql,
  notePasswordHashSql,
  recordPasswordFailureSql,
  viewNoteSql,
} from "./note-read-sql";

const badPassword = () =>
  new ApiError("bad_password", "This note needs a password, and the one given is missing or wrong.");

const badKeyProof = () =>
  new ApiError(
    "bad_key_proof",
    "This end-to-end encrypted note is read only with the proof of its link's key (key_proof), and none or a wrong one was given: is the part after # missing from the link? No view was spent.",
  );

/**
 * A read of note `id` as checked: against which password and key proof hashes, whether its caller
 * was found signed in, with which key.
 */
type CheckedRead = {
  id: string;
  verified: { passwordHash: string | null; keyProofHash: string | null; signedIn: boolean };
  passwordKey: SealingKey | null;
  reader: Reader;
  idempotency: KeptReadKey | null;
};

/**
 * Runs `plan`'s statement (keeping its answer with an Idempotency-Key), then opens the pages: with
 * the key derived from the password just checked when it gives one, else with the server's keys.
 * Counts the read (and the burn, when it was the last view) in the metrics, and hints a view for the
 * next read of an ordinary note without a view limit. Null: the plan found nothing to read.
 */
async function runPlan(plan: ReadPlan, read: CheckedRead): Promise<ReadNoteRow | null> {
  const { id, verified, passwordKey, reader, idempotency } = read;
  const grant = grantsFiles(plan) ? newReadGrant() : undefined;
  const link = plan.kind === "link";
  const rows = idempotency
    ? await consumeKeeping(idempotency, (keep) => consumeNoteSql(id, verified, reader, { link, keep, grant }))
    : await queryRows<ConsumedRow>(
        plan.kind === "view"
          ? viewNoteSql(id, verified, reader)
          : consumeNoteSql(id, verified, reader, { link, grant }),
      );
  // Unsealed pages are served only while the plaintext_fallback row exists (plaintext-fallback.ts).
  if (rows.some((row) => row.sealed_by === null) && !(await servesUnsealedPages())) return null;
  const opened = await openConsumedRows(rows, passwordKey ? [passwordKey] : sealingKeys(), grant);
  if (opened) {
    // A note for members only is never read by the first, unchecked statement: no hint for it.
    const hinted = opened.burn_after === null && !verified.signedIn;
    if (hinted && (plan.kind === "view" || plan.kind === "consume")) addViewHint(id);
    const traits = {
      encrypted: opened.encrypted,
      password_required: verified.passwordHash !== null,
      multi_page: opened.multi_page,
      content_type: opened.pages[0]?.content_type ?? "markdown",
    };
    countNote("read", traits);
    if (opened.burned) countNote("burned", traits);
  }
  return opened;
}

/** The answer an earlier read with this Idempotency-Key kept, if any (kept-read.ts). */
async function keptAnswer(idempotency: KeptReadKey | null): Promise<ReadNoteRow | null> {
  const kept = idempotency && (await keptRead(idempotency));
  if (kept === "sign_in_required") throw signInRequired("note");
  if (kept === "bad_key_proof") throw badKeyProof();
  if (kept === "bad_password") throw badPassword();
  return kept ? openConsumedRows(kept.rows, kept.keys) : null;
}

/** What a read is checked against, and what the note is (notePasswordHashSql). */
type StoredNote = {
  hash: string | null;
  counts_failures: boolean;
  key_proof_hash: string | null;
  link: boolean;
  unlimited: boolean;
  file_count: number;
  sign_in_required: boolean;
};

/**
 * The live note `id` as a read finds it; a note whose files are still uploading is not read at all
 * (which a note for members only tells a signed-in caller alone).
 */
async function lookUpNote(id: string, signedIn: SignedIn): Promise<StoredNote | null> {
  const [row] = await queryRows<StoredNote & { files_pending: boolean }>(notePasswordHashSql(id));
  if (row) await assertSignedIn(row.sign_in_required, signedIn, "note");
  if (row?.files_pending) throw filesIncomplete();
  return row ?? null;
}

/** A wrong password: counted when the note burns after failures, destroying it at the last one. */
async function wrongPassword(
  id: string,
  stored: StoredNote & { hash: string },
  reader: Reader,
): Promise<ApiError> {
  if (!stored.counts_failures) {
    await queryRows(logPasswordFailureSql(id, reader));
    return badPassword();
  }
  const [failure] = await queryRows<{ attempts_left: number; burned: boolean }>(
    recordPasswordFailureSql(id, stored.hash, reader),
  );
  if (!failure) return notFound();
  return new ApiError(
    "bad_password",
    failure.burned
      ? "The password is wrong, and that was the last attempt allowed: the note is destroyed."
      : `This note needs a password, and the one given is wrong: ${failure.attempts_left} attempt(s) left before it is destroyed.`,
  );
}

/**
 * Checks what a read of the stored note presents (a note for members only was checked for a
 * signed-in caller as it was looked up, before anything else): the key proof of an end-to-end note
 * first, then the password of a protected one (checkReadPassword; a wrong one is counted by
 * wrongPassword).
 * Answers what the read is checked against, and the key that seals the pages when the password
 * gives one.
 */
async function checkedRead(
  stored: StoredNote,
  presented: {
    id: string;
    password: ReadNoteBody["password"];
    keyProof: string | undefined;
    limits: RequestLimits;
  },
  reader: Reader,
): Promise<Pick<CheckedRead, "verified" | "passwordKey">> {
  const { id, password, keyProof, limits } = presented;
  if (!keyProofFits(keyProof, stored.key_proof_hash)) throw badKeyProof();
  const verified = {
    passwordHash: stored.hash,
    keyProofHash: stored.key_proof_hash,
    signedIn: stored.sign_in_required,
  };
  if (stored.hash === null) {
    if (password === notAString) throw new ApiError("bad_json", "password must be a string.");
    return { verified, passwordKey: null };
  }
  const checked = await checkReadPassword({ noteId: id, hash: stored.hash, password, limits });
  if (checked === "missing") throw badPassword();
  if (checked === "wrong") throw await wrongPassword(id, { ...stored, hash: stored.hash }, reader);
  return { verified, passwordKey: checked.sealingKey };
}

/**
 * Reads a note, counting one view. A wrong or missing password never counts: it is checked before
 * the consuming statement runs; so is an end-to-end note's key proof, checked first, so a read
 * without the link's key learns nothing of the password and costs no attempt. A password that is
 * not a string is a wrong password for a protected note and malformed JSON for any other.
 */
export async function readNote(options: {
  id: string;
  password: ReadNoteBody["password"];
  /** the proof of the link's key an end-to-end note's read sends (lib/crypto/envelope.ts) */
  keyProof: string | undefined;
  limits: RequestLimits;
  /** who reads, for the access log */
  reader: Reader;
  /** the request's Idempotency-Key: a retry with it gets the answer kept by the first read */
  idempotencyKey?: string | null;
  /** whether the caller is signed in: asked only of a note for members only */
  signedIn: SignedIn;
}): Promise<ReadNoteRow> {
  const { id, password, keyProof, limits, reader, signedIn } = options;
  assertNoteId(id);
  const idempotency: KeptReadKey | null = options.idempotencyKey
    ? { id, key: options.idempotencyKey, password, keyProof, limits, signedIn }
    : null;
  const keeping = idempotency !== null;

  // A read without a password is planned before the note is looked up, so the common cases (a plain
  // note, an end-to-end one with its key proof) cost one statement: the statement compares the
  // proof's hash with the stored one itself (a hash of a hash: its timing tells nothing of the key),
  // and passes over notes with a password and notes for members only. When that plan finds nothing,
  // an earlier read with the same Idempotency-Key may have kept an answer; else the lookup says what
  // the note is (a wrong key proof is told then), and the read runs as such, unless that is the plan
  // that found nothing (and the note is not for members only, which the first statement passed over).
  let tried: ReadPlan | null = null;
  if (password === undefined || password === "") {
    tried = pickReadPlan({ viewHint: hasViewHint(id) }, { keeping });
    const keyProofHash = keyProof === undefined ? null : hashSecret(keyProof);
    const verified = { passwordHash: null, keyProofHash, signedIn: false };
    const unchecked = { id, verified, passwordKey: null };
    const read =
      (await runPlan(tried, { ...unchecked, reader, idempotency })) ?? (await keptAnswer(idempotency));
    if (read) return read;
    if (tried.kind === "view") dropViewHint(id);
  }
  const keptOnce = () => (tried ? null : keptAnswer(idempotency));

  const stored = await lookUpNote(id, signedIn);
  if (!stored) return (await keptOnce()) ?? Promise.reject(notFound());
  const checked = await checkedRead(stored, { id, password, keyProof, limits }, reader);
  const known = { link: stored.link, unlimited: stored.unlimited, fileCount: stored.file_count };
  const plan = pickReadPlan(known, { keeping });
  const read =
    plan.kind === tried?.kind && !stored.sign_in_required
      ? null
      : ((await runPlan(plan, { id, ...checked, reader, idempotency })) ?? (await keptOnce()));
  if (!read) throw notFound();
  return read;
}
