import { isDatabaseUnavailable, statementMayHaveRun } from "../db/database-unavailable";
import { errorFields, errorSummary } from "../process/describe-error";
import { writeLogLine } from "../process/log-line";
import { ApiError } from "./api-error";
import { ApiAnswer } from "./api-answer";

const jsonType = "application/json; charset=utf-8";

/** Retry-After of a 503 unavailable: about how long a database restart or failover takes. */
const unavailableRetrySeconds = 5;

const notAttempted = () =>
  new ApiError("unavailable", "The database is not answering, and nothing was done; please retry shortly.");
const outcomeUnknown = () =>
  new ApiError(
    "outcome_unknown",
    "The database stopped answering after the request was sent: it may have been done. Retry with the " +
      "same Idempotency-Key to get its answer.",
  );

/**
 * A JSON answer. `headers` are lower-case names.
 */
export function jsonResponse(
  body: unknown,
  init: { status?: number; headers?: Readonly<Record<string, string>> } = {},
) {
  const headers = { ...init.headers, "content-type": jsonType };
  return new ApiAnswer(JSON.stringify(body), { status: init.status ?? 200, headers });
}

export function errorResponse(error: ApiError): ApiAnswer {
  const headers: Record<string, string> =
    error.retryAfterSeconds === undefined ? {} : { "retry-after": String(error.retryAfterSeconds) };
  return jsonResponse({ error: error.code, message: error.message }, { status: error.status, headers });
}

/**
 * An ApiError answers as itself; a database that cannot answer is 503 unavailable; anything else is
 * a bug: logged by class, code and stack frames (never its message, which can quote what the client
 * sent), with the request's id, and answered without details.
 */
export function toErrorResponse(error: unknown, route: string, requestId: string | null = null): ApiAnswer {
  if (error instanceof ApiError) return errorResponse(error);
  // `route` is the handler's method and pattern (`POST /api/v1/shares`), the request log's two fields.
  const [method, pattern] = route.split(" ", 2);
  const where = { method, route: pattern, ...(requestId && { request_id: requestId }) };
  if (isDatabaseUnavailable(error)) {
    // Not a bug: one line, no stack. Every write is one statement, so nothing is ever half done;
    // the answer says whether the statement may have run (a GET writes nothing either way).
    writeLogLine({ level: "error", msg: "database unavailable", ...where, error: errorSummary(error) });
    const mayHaveRun = !route.startsWith("GET ") && statementMayHaveRun(error);
    const response = errorResponse(mayHaveRun ? outcomeUnknown() : notAttempted());
    response.headers.set("retry-after", String(unavailableRetrySeconds));
    return response;
  }
  writeLogLine({ level: "error", msg: "unhandled error", ...where, ...errorFields(error) });
  return errorResponse(new ApiError("internal_error", "Something went wrong on our side."));
}
