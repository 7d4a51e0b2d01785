import "server-only";
import { verifyPassword } from "../crypto/password-hash";
import { queryRows } from "../db";
import { env } from "../env";
import { ApiError } from "../http/api-error";
import { chargePasswordAttempt } from "../rate-limit/password-attempts";
import type { RequestLimits } from "../rate-limit/request-limits";
import type { ContentType } from "./note-policy";
import { notAString, type ReadNoteBody } from "./note-schemas";
import { assertNoteId, notFound } from "./note-id";
import type { Reader } from "./note-event-sql";
import { consumeNoteSql, logPasswordFailureSql, notePasswordHashSql } from "./note-sql";

export type ReadPageRow = {
  page_index: number;
  title: string | null;
  content: string;
  content_type: ContentType;
  html: string;
  raw_html: string | null;
};

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

/** One row of consumeNoteSql: the note's columns repeated beside each page. */
type ConsumedRow = Omit<ReadNoteRow, "pages"> & ReadPageRow;

/**
 * Folds consumeNoteSql's rows into the note and its pages (null: nothing was consumed). HTML kept
 * as written is passed on only while the server runs with HTML_MODE=trusted.
 */
function foldConsumedRows(rows: ConsumedRow[]): ReadNoteRow | null {
  const first = rows[0];
  if (!first) return null;
  const keepRawHtml = env.HTML_MODE === "trusted";
  const { id, created_at, expires_at, burn_after, read_count, burned, multi_page, encrypted } = first;
  const pages = rows.map(({ page_index, title, content, content_type, html, raw_html }) => ({
    page_index,
    title,
    content,
    content_type,
    html,
    raw_html: keepRawHtml ? raw_html : null,
  }));
  return { id, created_at, expires_at, burn_after, read_count, burned, multi_page, encrypted, pages };
}

const badPassword = () =>
  new ApiError("bad_password", "This note needs a password, and the one given is missing or wrong.");

async function consume(id: string, verifiedHash: string | null, reader: Reader): Promise<ReadNoteRow | null> {
  return foldConsumedRows(await queryRows<ConsumedRow>(consumeNoteSql(id, verifiedHash, reader)));
}

async function passwordHashOf(id: string): Promise<{ hash: string | null } | null> {
  const rows = await queryRows<{ hash: string | null }>(notePasswordHashSql(id));
  return rows[0] ?? null;
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
  if (stored.hash === null) {
    if (password === notAString) throw new ApiError("bad_json", "password must be a string.");
  } else {
    if (password === notAString) throw badPassword();
    const giveBack = await chargePasswordAttempt({ limits, noteId: id });
    if (!(await verifyPassword(password, stored.hash))) {
      await queryRows(logPasswordFailureSql(id, reader));
      throw badPassword();
    }
    await giveBack();
  }
  const read = await consume(id, stored.hash, reader);
  if (!read) throw notFound();
  return read;
}
