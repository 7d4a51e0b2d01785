import "server-only";
import { queryRows } from "../db";
import { discardFilesOf } from "../files/collect-files";
import { assertRequestId, requestNotFound } from "../requests/request-id";
import { deleteRequestSql } from "../requests/request-sql";

/** Deletes a request and its answers (with their files) for good (moderation takedown). not_found when there is none. */
export async function takeDownRequest(options: { id: string }): Promise<{ id: string }> {
  assertRequestId(options.id);
  const [row] = await queryRows<{ id: string }>(deleteRequestSql(options.id));
  if (!row) throw requestNotFound();
  await discardFilesOf([row.id]);
  return row;
}
