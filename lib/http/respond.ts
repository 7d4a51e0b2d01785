import { isDatabaseUnavailable } from "../db/database-unavailable";
import { describeError, errorSummary } from "../process/describe-error";
import { ApiError } from "./api-error";

const jsonType = "application/json; charset=utf-8";

/** Retry-After of a 503 unavailable: about how long a database restart or failover takes. */
const unavailableRetrySeconds = 5;

export function jsonResponse(body: unknown, init: { status?: number; headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  headers.set("content-type", jsonType);
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

export function errorResponse(error: ApiError): Response {
  return jsonResponse({ error: error.code, message: error.message }, { status: error.status });
}

/**
 * An ApiError answers as itself; a database that cannot answer is 503 unavailable; anything else is
 * a bug: logged by class, code and stack frames (never its message, which can quote what the client
 * sent), with the request's id, and answered without details.
 */
export function toErrorResponse(error: unknown, route: string, requestId: string | null = null): Response {
  if (error instanceof ApiError) return errorResponse(error);
  const where = requestId ? `${route} (request ${requestId})` : route;
  if (isDatabaseUnavailable(error)) {
    // Not a bug: one line, no stack. The client may retry: every write is one statement, so
    // nothing was half done.
    console.error(`Database unavailable in ${where}: ${errorSummary(error)}`);
    const response = errorResponse(
      new ApiError("unavailable", "The database is not answering; please retry shortly."),
    );
    response.headers.set("retry-after", String(unavailableRetrySeconds));
    return response;
  }
  console.error(`Unhandled error in ${where}: ${describeError(error)}`);
  return errorResponse(new ApiError("internal_error", "Something went wrong on our side."));
}
