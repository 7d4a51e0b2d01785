import "server-only";
import { verifyPassword } from "../crypto/password-hash";
import type { SealingKey } from "../crypto/seal";
import { secretMatchesHash } from "../crypto/secret-hash";
import { queryRows } from "../db";
import { sealingKeys } from "../env";
import { filesIncomplete, readGrantFor, type ReadGrantToken } from "../files/grant-files";
import { ApiError } from "../http/api-error";
import { countNote } from "../metrics/metrics";
import { chargePasswordAttempt } from "../rate-limit/password-attempts";
import type { RequestLimits } from "../rate-limit/request-limits";
import { notAString, type ReadNoteBody } from "./note-schemas";
import { assertNoteId, notFound } from "./note-id";
import { consumeKeeping, keptRead, type KeptReadKey } from "./kept-read";
import type { Reader } from "./note-event-sql";
import { openConsumedRows, type ConsumedRow, type ReadNoteRow } from "./open-consumed-rows";
import { servesUnsealedPages } from "./plaintext-fallback";
import { forgetUnlimited, rememberUnlimited, seenUnlimited } from "./unlimited-notes";
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
 * A read's statement: which note, checked against what, as which kind (consumeNoteSql's `link`);
 * `view`: an ordinary note known to have no view limit, only looked at (viewNoteSql).
 */
type Consumption = {
  id: string;
  verified: { passwordHash: string | null; keyProofHash: string | null };
  link: boolean;
  reader: Reader;
  view?: boolean;
};

/**
 * Consumes a view, then opens the pages: with the key derived from the password just checked when
 * it gives one, else with the server's keys. Counts
 * the read (and the burn, when it was the last view) in the metrics. A note with files is consumed
 * only with `grant`, its download grant, which the same statement stores.
 */
async function consume(
  { id, verified, link, reader, view = false }: Consumption,
  options: { passwordKey?: SealingKey | null; idempotency: KeptReadKey | null; grant?: ReadGrantToken },
): Promise<ReadNoteRow | null> {
  const { passwordKey, idempotency, grant } = options;
  const rows = idempotency
    ? await consumeKeeping(idempotency, (keep) => consumeNoteSql(id, verified, reader, { link, keep, grant }))
    : await queryRows<ConsumedRow>(
        view ? viewNoteSql(id, verified, reader) : consumeNoteSql(id, verified, reader, { link, grant }),
      );
  // Unsealed pages are served only while the plaintext_fallback row exists (plaintext-fallback.ts).
  if (rows.some((row) => row.sealed_by === null) && !(await servesUnsealedPages())) return null;
  const read = await openConsumedRows(rows, passwordKey ? [passwordKey] : sealingKeys(), grant);
  if (read) {
    if (read.burn_after === null && !link && read.file_count === 0) rememberUnlimited(id);
    const traits = {
      encrypted: read.encrypted,
      password_required: verified.passwordHash !== null,
      multi_page: read.multi_page,
      content_type: read.pages[0]?.content_type ?? "markdown",
    };
    countNote("read", traits);
    if (read.burned) countNote("burned", traits);
  }
  return read;
}

/** The answer an earlier read with this Idempotency-Key kept, if any (kept-read.ts). */
async function keptAnswer(idempotency: KeptReadKey | null): Promise<ReadNoteRow | null> {
  const kept = idempotency && (await keptRead(idempotency));
  if (kept === "bad_key_proof") throw badKeyProof();
  if (kept === "bad_password") throw badPassword();
  return kept ? openConsumedRows(kept.rows, kept.keys) : null;
}

type StoredPassword = {
  hash: string | null;
  counts_failures: boolean;
  key_proof_hash: string | null;
  /** a recipient's link, read by a statement of its own */
  link: boolean;
  /** no view limit: read by a statement that only looks (viewNoteSql) */
  unlimited: boolean;
};

/** What a read is checked against; a note whose files are still uploading is not read at all. */
async function passwordHashOf(id: string): Promise<(StoredPassword & { file_count: number }) | null> {
  const [row] = await queryRows<StoredPassword & { files_pending: boolean; file_count: number }>(
    notePasswordHashSql(id),
  );
  if (row?.files_pending) throw filesIncomplete();
  return row ?? null;
}

/** A wrong password: counted when the note burns after failures, destroying it at the last one. */
async function wrongPassword(
  id: string,
  stored: StoredPassword & { hash: string },
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
 * The note's key proof hash when `keyProof` matches it (compared in constant time); null for a note
 * stored without one, which is read without a proof.
 */
function verifiedKeyProof(keyProof: string | undefined, storedHash: string | null): string | null {
  if (storedHash === null) return null;
  if (keyProof === undefined || !secretMatchesHash(keyProof, storedHash)) throw badKeyProof();
  return storedHash;
}

/**
 * Checks the password of a note that has one: charged to `limits` before it is hashed and given back
 * when it was right. Answers the key that seals the note's pages, when the password gives one.
 */
async function verifiedPassword(
  id: string,
  password: ReadNoteBody["password"],
  stored: StoredPassword,
  context: { limits: RequestLimits; reader: Reader },
): Promise<SealingKey | null> {
  if (stored.hash === null) {
    if (password === notAString) throw new ApiError("bad_json", "password must be a string.");
    return null;
  }
  if (password === undefined || password === "" || password === notAString) throw badPassword();
  const giveBack = await chargePasswordAttempt({ limits: context.limits, noteId: id });
  const verified = await verifyPassword(password, stored.hash);
  if (!verified) throw await wrongPassword(id, { ...stored, hash: stored.hash }, context.reader);
  await giveBack();
  return verified.sealingKey;
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
}): Promise<ReadNoteRow> {
  const { id, password, keyProof, limits, reader } = options;
  assertNoteId(id);
  const idempotency: KeptReadKey | null = options.idempotencyKey
    ? { id, key: options.idempotencyKey, password, keyProof, limits }
    : null;

  // The common case (no password, no key proof) costs one statement. With an Idempotency-Key, a note
  // that is gone may have an answer kept by an earlier read with that key. A recipient's link, and a
  // note with files, are not read by the ordinary note's statement: the lookup that follows says
  // which it is, and the read runs again as such (a link's own statement, a note's grant).
  if ((password === undefined || password === "") && keyProof === undefined) {
    const unverified = { id, verified: { passwordHash: null, keyProofHash: null }, reader };
    if (idempotency === null && seenUnlimited(id)) {
      const viewed = await consume({ ...unverified, link: false, view: true }, { idempotency });
      if (viewed) return viewed;
      forgetUnlimited(id);
    }
    const read =
      (await consume({ ...unverified, link: false }, { idempotency })) ?? (await keptAnswer(idempotency));
    if (read) return read;
    const stored = await passwordHashOf(id);
    if (stored?.key_proof_hash) throw badKeyProof();
    if (stored?.hash) throw badPassword();
    const grant = readGrantFor(stored?.file_count ?? 0);
    const again =
      stored && (stored.link || grant)
        ? await consume({ ...unverified, link: stored.link }, { idempotency, grant })
        : null;
    if (again) return again;
    throw notFound();
  }

  const stored = await passwordHashOf(id);
  if (!stored) return (await keptAnswer(idempotency)) ?? Promise.reject(notFound());
  const keyProofHash = verifiedKeyProof(keyProof, stored.key_proof_hash);
  const passwordKey = await verifiedPassword(id, password, stored, { limits, reader });
  const verified = { passwordHash: stored.hash, keyProofHash };
  const grant = readGrantFor(stored.file_count);
  const view = stored.unlimited && !stored.link && grant === undefined && idempotency === null;
  const read =
    (await consume({ id, verified, link: stored.link, reader, view }, { passwordKey, idempotency, grant })) ??
    (await keptAnswer(idempotency));
  if (!read) throw notFound();
  return read;
}
