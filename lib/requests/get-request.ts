import "server-only";
import { queryRows } from "../db";
import { assertSignedIn, type SignedIn } from "../people/sign-in-gate";
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

/** A request as its responders see it: a members-only one for a signed-in caller alone. */
export async function getRequestForResponder(id: string, signedIn: SignedIn): Promise<OpenedRequest> {
  const request = await getRequest(id);
  await assertSignedIn(request.sign_in_required, signedIn, "request");
  return request;
}
