import type { OpenedRequest } from "./get-request";
import type { CreatedRequestRow } from "./create-request";
import type {
  AnsweredResponse,
  AnswerListResponse,
  AnswerResponse,
  RequestResponse,
  createdRequestResponseSchema,
} from "./request-schemas";
import type { AnsweredRow, AnswerRow } from "./request-sql";
import type { z } from "zod";

// One builder per response, typed by its schema, so a new column never leaks.

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const statusOf = (request: OpenedRequest) => (request.answer_count < request.max_answers ? "open" : "closed");

/** The public link a responder opens. */
export const requestUrl = (baseUrl: string, id: string) => `${baseUrl}/requests/${id}`;
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
});

export function toAnswerListResponse(request: OpenedRequest, rows: AnswerRow[]): AnswerListResponse {
  return {
    status: statusOf(request),
    answers_left: request.max_answers - request.answer_count,
    answers: rows.map(toAnswer),
  };
}

export function toAnswerResponse(row: AnswerRow & { envelope: string }): AnswerResponse {
  return { ...toAnswer(row), envelope: row.envelope };
}

export function toAnsweredResponse(row: AnsweredRow): AnsweredResponse {
  return { number: row.number, created_at: seconds(row.created_at), answers_left: row.answers_left };
}
