import "server-only";
import { isValidAnswerEnvelope } from "../crypto/request-envelope";
import { queryRows } from "../db";
import { ApiError } from "../http/api-error";
import type { Reader } from "../notes/note-event-sql";
import { assertRequestId, requestNotFound } from "./request-id";
import { requestPolicy } from "./request-policy";
import { answerRequestSql, liveRequestSql, type AnsweredRow, type RequestRow } from "./request-sql";

/**
 * Stores an answer's envelope. A request that took all its answers is `request_closed` (409: it is
 * there, it takes no more); an unknown or expired one is `not_found`.
 */
export async function answerRequest(options: {
  id: string;
  envelope: string;
  reader: Reader;
}): Promise<AnsweredRow> {
  const { id, envelope, reader } = options;
  assertRequestId(id);
  const size = Buffer.byteLength(envelope);
  if (size > requestPolicy.maxEnvelopeBytes) {
    throw new ApiError(
      "too_large",
      `The answer's envelope is ${size} bytes; the limit is ${requestPolicy.maxEnvelopeBytes} (512 KiB).`,
    );
  }
  if (!(await isValidAnswerEnvelope(envelope))) {
    throw new ApiError("bad_envelope", "envelope: its ephemeral key is not a P-256 point.");
  }
  const [answered] = await queryRows<AnsweredRow>(answerRequestSql(id, envelope, reader));
  if (answered) return answered;
  const [request] = await queryRows<RequestRow>(liveRequestSql(id));
  if (!request) throw requestNotFound();
  throw new ApiError(
    "request_closed",
    `This request took all its ${request.max_answers} answer(s) and accepts no more.`,
  );
}
