import "server-only";
import { discardFilesOf } from "../files/collect-files";
import { answerFilesSql } from "../files/file-sql";
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

// What the requester does with a request whose owner proof they showed (authorizeOwner). Deleting
// an answer or the request deletes their files' chunks from the store at once.

const answerNotFound = () => new ApiError("not_found", "No such answer (it may have been deleted).");

export type AnswerFile = { file_index: number; size: number };

export function listAnswers(request: OpenedRequest): Promise<AnswerRow[]> {
  return queryRows<AnswerRow>(listAnswersSql(request.id));
}

/**
 * One answer with its envelope and its files; the first fetch marks it read. files_incomplete (not
 * marked read) while its files are still being uploaded.
 */
export async function readAnswer(request: OpenedRequest, number: number) {
  const [row] = await queryRows<AnswerRow & { envelope: string }>(readAnswerSql(request.id, number));
  if (!row) throw answerNotFound();
  if (row.files_pending) {
    throw new ApiError(
      "files_incomplete",
      "This answer's files are still being uploaded; it can be read once they are complete.",
    );
  }
  const files = row.file_count > 0 ? await queryRows<AnswerFile>(answerFilesSql(request.id, number)) : [];
  return { ...row, files };
}

/** Deletes (burns, once read) one answer; the request still counts it against its answers. */
export async function deleteAnswer(request: OpenedRequest, number: number): Promise<void> {
  const rows = await queryRows(deleteAnswerSql(request.id, number));
  if (rows.length === 0) throw answerNotFound();
  await discardFilesOf([request.id]);
}

/** Deletes the request and every answer it holds. */
export async function deleteRequest(request: OpenedRequest): Promise<void> {
  const rows = await queryRows(deleteRequestSql(request.id));
  if (rows.length === 0) throw requestNotFound();
  await discardFilesOf([request.id]);
}
