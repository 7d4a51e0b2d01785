import "server-only";
import { verifyPassword } from "../crypto/password-hash";
import { SealError, type SealingKey } from "../crypto/seal";
import { queryRows } from "../db";
import { env, sealingKeys } from "../env";
import { ApiError } from "../http/api-error";
import { countNote } from "../metrics/metrics";
import { chargePasswordAttempt } from "../rate-limit/password-attempts";
import type { RequestLimits } from "../rate-limit/request-limits";
import { notAString, type ReadNoteBody } from "./note-schemas";
import { assertNoteId, notFound } from "./note-id";
import type { Reader } from "./note-event-sql";
import { openPage, type StoredPageText } from "./note-sealing";
import { servesUnsealedPages } from "./plaintext-fallback";
import {
  consumeNoteSql,
  logPasswordFailureSql,
  notePasswordHashSql,
  recordPasswordFailureSql,
  type NewPage,
} from "./note-sql";

export type ReadPageRow = Omit<NewPage, "sealed_by">;

export type ReadNoteRow = {
  id: string;
  created_at: Date;
  expires_at: Date | null;
  burn_after: number | null;
  read_count: number;
  burned: boolean;
  multi_page: boolean;
  encrypted: boolean;
  pages: ReadPageRow[];
};

/**
 * One row of consumeNoteSql: the note's columns repeated beside each page, and the id its pages are
 * sealed under (a recipient's link reads its owner's pages).
 */
type ConsumedRow = Omit<ReadNoteRow, "pages"> & ReadPageRow & StoredPageText & { sealed_as: string };

/**
 * Folds consumeNoteSql's rows into the note and its opened pages (null: nothing was consumed). HTML
 * kept as written is passed on only while the server runs with HTML_MODE=trusted.
 */
function foldConsumedRows(rows: ConsumedRow[], keys: readonly SealingKey[]): ReadNoteRow | null {
  const first = rows[0];
  if (!first) return null;
  const keepRawHtml = env.HTML_MODE === "trusted";
  const { id, created_at, expires_at, burn_after, read_count, burned, multi_page, encrypted } = first;
  const opened = rows.map((row) => openPage(keys, row.sealed_as, row));
  const pages = opened.map(({ page_index, title, content, content_type, html, raw_html }) => ({
    page_index,
    title,
    content,
    content_type,
    html,
    raw_html: keepRawHtml ? raw_html : null,
  }));
  return { id, created_at, expires_at, burn_after, read_count, burned, multi_page, encrypted, pages };
}

/**
 * Opens the consumed rows; a page that does not open (altered in the database, or damaged) is a
 * clear error rather than a 500. The view is counted by then: the statement that consumes it has
 * committed, and opening inside its transaction would cost every read two more round trips
 * (docs/decisions.md, "A tampered page").
 */
function openConsumedRows(rows: ConsumedRow[], keys: readonly SealingKey[]): ReadNoteRow | null {
  try {
    return foldConsumedRows(rows, keys);
  } catch (error) {
    if (!(error instanceof SealError)) throw error;
    console.error(
      "A read met a sealed page that does not open (altered or damaged): answered note_unreadable.",
    );
    throw new ApiError(
      "note_unreadable",
      "This note's stored text does not open with the server's keys: it was altered or damaged in the database.",
    );
  }
}

const badPassword = () =>
  new ApiError("bad_password", "This note needs a password, and the one given is missing or wrong.");

/**
 * Consumes a view, then opens the pages: with the key derived from the password just checked, or
 * the server's keys for a note without a password (or one stored before password sealing). Counts
 * the read (and the burn, when it was the last view) in the metrics.
 */
async function consume(
  id: string,
  verifiedHash: string | null,
  reader: Reader,
  passwordKey: SealingKey | null = null,
): Promise<ReadNoteRow | null> {
  const rows = await queryRows<ConsumedRow>(consumeNoteSql(id, verifiedHash, reader));
  // A page without a seal is served only by a database upgraded from before sealing, until re-sealed.
  if (rows.some((row) => row.sealed_by === null) && !(await servesUnsealedPages())) return null;
  const read = openConsumedRows(rows, passwordKey ? [passwordKey] : sealingKeys());
  if (read) {
    const traits = {
      encrypted: read.encrypted,
      password_required: verifiedHash !== null,
      multi_page: read.multi_page,
      content_type: read.pages[0]?.content_type ?? "markdown",
    };
    countNote("read", traits);
    if (read.burned) countNote("burned", traits);
  }
  return read;
}

type StoredPassword = { hash: string | null; counts_failures: boolean };

async function passwordHashOf(id: string): Promise<StoredPassword | null> {
  const rows = await queryRows<StoredPassword>(notePasswordHashSql(id));
  return rows[0] ?? null;
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
 * Reads a note, counting one view. A wrong or missing password never counts: it is checked before
 * the consuming statement runs. Each password tried is charged to `limits` before it is hashed, and
 * given back when it was right. A password that is not a string is a wrong password for a protected
 * note and malformed JSON for any other.
 */
export async function readNote(options: {
  id: string;
  password: ReadNoteBody["password"];
  limits: RequestLimits;
  /** who reads, for the access log */
  reader: Reader;
}): Promise<ReadNoteRow> {
  const { id, password, limits, reader } = options;
  assertNoteId(id);

  // The common case (no password) costs one statement.
  if (password === undefined || password === "") {
    const read = await consume(id, null, reader);
    if (read) return read;
    const stored = await passwordHashOf(id);
    if (stored?.hash) throw badPassword();
    throw notFound();
  }

  const stored = await passwordHashOf(id);
  if (!stored) throw notFound();
  let passwordKey: SealingKey | null = null;
  if (stored.hash === null) {
    if (password === notAString) throw new ApiError("bad_json", "password must be a string.");
  } else {
    if (password === notAString) throw badPassword();
    const giveBack = await chargePasswordAttempt({ limits, noteId: id });
    const verified = await verifyPassword(password, stored.hash);
    if (!verified) throw await wrongPassword(id, { ...stored, hash: stored.hash }, reader);
    await giveBack();
    passwordKey = verified.sealingKey;
  }
  const read = await consume(id, stored.hash, reader, passwordKey);
  if (!read) throw notFound();
  return read;
}
