// The pages call the same JSON API as every other client, so its rules (keys, limits, rate limits)
// apply to them in the same way. This is the one place that speaks JSON to the server from the
// browser (the admin page's calls go through it too).

import { retryableStatuses, withRetries } from "./retry-request";

export type ApiFailure = {
  ok: false;
  status: number;
  /** the API's error code (lib/http/api-error.ts), or "network_error" when no answer came */
  error: string;
  message: string;
  /** seconds, from Retry-After on a 429 */
  retryAfter: number | null;
};

export type ApiResult<T> = { ok: true; data: T } | ApiFailure;

/** Sends `body` (if any) as JSON; every answer, error or not, becomes an ApiResult. */
export async function sendJson<T>(
  path: string,
  options: { method?: "GET" | "POST" | "DELETE"; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? "POST",
      headers: { "content-type": "application/json", ...options.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      cache: "no-store",
    });
  } catch {
    return {
      ok: false,
      status: 0,
      error: "network_error",
      // What the page shows for it is in the catalogs (useFailureMessage).
      message: "The server could not be reached.",
      retryAfter: null,
    };
  }
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) return { ok: true, data: json as T };
  const retryAfter = Number(response.headers.get("retry-after"));
  return {
    ok: false,
    status: response.status,
    error: typeof json.error === "string" ? json.error : "internal_error",
    message: typeof json.message === "string" ? json.message : `The server answered ${response.status}.`,
    retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : null,
  };
}

/**
 * sendJson with an Idempotency-Key, retried with the same key (cli/lib/retry.js) while the server
 * answers 503 or cannot be reached: a read whose answer was lost is answered again, not lost.
 */
export function sendJsonRetrying<T>(
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  return withRetries(
    (key) => sendJson<T>(path, { ...options, headers: { ...options.headers, "idempotency-key": key } }),
    (outcome) =>
      "value" in outcome &&
      !outcome.value.ok &&
      (retryableStatuses.includes(outcome.value.status) || outcome.value.error === "network_error"),
  );
}
