import "server-only";
import { queryRows } from "../db";
import { assertRequestId, requestNotFound } from "./request-id";
import { openRequestText } from "./request-sealing";
import { liveRequestSql, type RequestRow } from "./request-sql";

export type OpenedRequest = RequestRow;

/** A live request with its title and instructions opened; not_found for any other. */
export async function getRequest(id: string): Promise<OpenedRequest> {
  assertRequestId(id);
  const [row] = await queryRows<RequestRow>(liveRequestSql(id));
  if (!row) throw requestNotFound();
  return {
    ...row,
    title: openRequestText(id, "title", row.title),
    instructions: openRequestText(id, "instructions", row.instructions),
  };
}
