import "server-only";
import { queryRows } from "../db";
import { ApiError } from "../http/api-error";
import type { OpenedRequest } from "./get-request";
import { requestNotFound } from "./request-id";
import {
  deleteAnswerSql,
  deleteRequestSql,
  listAnswersSql,
  readAnswerSql,
  type AnswerRow,
} from "./request-sql";

// What the requester does with a request whose owner proof they showed (authorizeOwner).

const answerNotFound = () => new ApiError("not_found", "No such answer (it may have been deleted).");

export function listAnswers(request: OpenedRequest): Promise<AnswerRow[]> {
  return queryRows<AnswerRow>(listAnswersSql(request.id));
}

/** One answer with its envelope; the first fetch marks it read. */
export async function readAnswer(request: OpenedRequest, number: number) {
  const [row] = await queryRows<AnswerRow & { envelope: string }>(readAnswerSql(request.id, number));
  if (!row) throw answerNotFound();
  return row;
}

/** Deletes (burns, once read) one answer; the request still counts it against its answers. */
export async function deleteAnswer(request: OpenedRequest, number: number): Promise<void> {
  const rows = await queryRows(deleteAnswerSql(request.id, number));
  if (rows.length === 0) throw answerNotFound();
}

/** Deletes the request and every answer it holds. */
export async function deleteRequest(request: OpenedRequest): Promise<void> {
  const rows = await queryRows(deleteRequestSql(request.id));
  if (rows.length === 0) throw requestNotFound();
}
