import { ApiError } from "./api-error";

const jsonType = "application/json; charset=utf-8";

export function jsonResponse(body: unknown, init: { status?: number; headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  headers.set("content-type", jsonType);
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

export function errorResponse(error: ApiError): Response {
  return jsonResponse({ error: error.code, message: error.message }, { status: error.status });
}

/** Anything that is not an ApiError is a bug: log it whole, answer without details. */
export function toErrorResponse(error: unknown, route: string): Response {
  if (error instanceof ApiError) return errorResponse(error);
  console.error(`Unhandled error in ${route}:`, error);
  return errorResponse(new ApiError("internal_error", "Something went wrong on our side."));
}
