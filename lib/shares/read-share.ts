import "server-only";
import { verifyPassword } from "../crypto/password-hash";
import { queryRows } from "../db";
import { env } from "../env";
import { ApiError } from "../http/api-error";
import { chargePasswordAttempt } from "../rate-limit/password-attempts";
import type { RequestLimits } from "../rate-limit/request-limits";
import { notFound } from "./get-share-meta";
import { isShareId } from "./share-id";
import {
  consumeShareSql,
  foldConsumedRows,
  sharePasswordHashSql,
  type ConsumedRow,
  type ReadShareRow,
} from "./share-sql";

const badPassword = () =>
  new ApiError("bad_password", "This note needs a password, and the one given is missing or wrong.");

async function consume(id: string, verifiedHash: string | null): Promise<ReadShareRow | null> {
  const rows = await queryRows<ConsumedRow>(consumeShareSql(id, verifiedHash));
  return foldConsumedRows(rows, env.HTML_MODE === "trusted");
}

async function passwordHashOf(id: string): Promise<{ hash: string | null } | null> {
  const rows = await queryRows<{ hash: string | null }>(sharePasswordHashSql(id));
  return rows[0] ?? null;
}

/**
 * Reads a note, counting one view. A wrong or missing password never counts: it is checked before
 * the consuming statement runs. `password` is whatever the body held. Each password tried is charged
 * to `limits` before it is hashed, and given back when it was right.
 */
export async function readShare(options: {
  id: string;
  password: unknown;
  limits: RequestLimits;
}): Promise<ReadShareRow> {
  const { id, password, limits } = options;
  if (!isShareId(id)) throw notFound();

  // The common case (no password) costs one statement.
  if (password === undefined || password === "") {
    const read = await consume(id, null);
    if (read) return read;
    const stored = await passwordHashOf(id);
    if (stored?.hash) throw badPassword();
    throw notFound();
  }

  const stored = await passwordHashOf(id);
  if (!stored) throw notFound();
  if (stored.hash === null) {
    if (typeof password !== "string") throw new ApiError("bad_json", "password must be a string.");
  } else {
    if (typeof password !== "string") throw badPassword();
    const giveBack = await chargePasswordAttempt({ limits, shareId: id });
    if (!(await verifyPassword(password, stored.hash))) throw badPassword();
    await giveBack();
  }
  const read = await consume(id, stored.hash);
  if (!read) throw notFound();
  return read;
}
