import { toUploadsResponse } from "../files/declare-files";
import type { StoredAnswer } from "./answer-request";
import type { OpenedRequest } from "./get-request";
import type { AnswerFile } from "./manage-answers";
import type { CreatedRequestRow } from "./create-request";
import type {
  AnsweredResponse,
  AnswerListResponse,
  AnswerResponse,
  RequestResponse,
  createdRequestResponseSchema,
} from "./request-schemas";
import type { AnswerRow } from "./request-sql";
import type { z } from "zod";

// One builder per response, typed by its schema, so a new column never leaks.

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const statusOf = (request: OpenedRequest) => (request.answer_count < request.max_answers ? "open" : "closed");

/** The public link a responder opens. */
const requestUrl = (baseUrl: string, id: string) => `${baseUrl}/requests/${id}`;
/** Where the API serves the request (the create's Location). */
export const requestApiUrl = (baseUrl: string, id: string) => `${baseUrl}/api/v1/requests/${id}`;

export function toCreatedRequestResponse(
  row: CreatedRequestRow,
  baseUrl: string,
): z.infer<typeof createdRequestResponseSchema> {
  return {
    id: row.id,
    url: requestUrl(baseUrl, row.id),
    created_at: seconds(row.created_at),
    expires_at: seconds(row.expires_at),
    answers: row.max_answers,
    files_allowed: row.files_allowed,
    ...(row.sign_in_required && { sign_in_required: true as const }),
  };
}

export function toRequestResponse(request: OpenedRequest): RequestResponse {
  return {
    id: request.id,
    title: request.title,
    instructions: request.instructions,
    public_key: request.public_key,
    status: statusOf(request),
    answers: request.max_answers,
    answers_left: request.max_answers - request.answer_count,
    files_allowed: request.files_allowed,
    ...(request.sign_in_required && { sign_in_required: true as const }),
    created_at: seconds(request.created_at),
    expires_at: seconds(request.expires_at),
  };
}

const toAnswer = (row: AnswerRow) => ({
  number: row.number,
  created_at: seconds(row.created_at),
  read_at: row.read_at && seconds(row.read_at),
  client: row.client,
  browser: row.browser,
  file_count: row.file_count,
  files_pending: row.files_pending,
});

export function toAnswerListResponse(request: OpenedRequest, rows: AnswerRow[]): AnswerListResponse {
  return {
    status: statusOf(request),
    answers_left: request.max_answers - request.answer_count,
    answers: rows.map(toAnswer),
  };
}

/** Where the requester downloads file `index` of answer `number` (with X-Owner-Proof). */
const answerFilesUrl = (baseUrl: string, id: string, number: number) =>
  `${requestApiUrl(baseUrl, id)}/answers/${number}/files`;

export function toAnswerResponse(
  row: AnswerRow & { envelope: string; files: AnswerFile[] },
  baseUrl: string,
  id: string,
): AnswerResponse {
  return {
    ...toAnswer(row),
    envelope: row.envelope,
    files: row.files.map((file) => ({
      index: file.file_index,
      size: file.size,
      download_url: `${answerFilesUrl(baseUrl, id, row.number)}/${file.file_index}`,
    })),
  };
}

export function toAnsweredResponse(row: StoredAnswer, baseUrl: string, id: string): AnsweredResponse {
  return {
    number: row.number,
    created_at: seconds(row.created_at),
    answers_left: row.answers_left,
    ...(row.uploads && toUploadsResponse(row.uploads, answerFilesUrl(baseUrl, id, row.number))),
  };
}
