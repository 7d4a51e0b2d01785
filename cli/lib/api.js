// @ts-check
import { CliError } from "./cli-error.js";
import { retryableStatuses, withRetries } from "./retry.js";

/** @typedef {Record<string, unknown>} Json */

const requestTimeoutMs = 60_000;

/** The exit status of an error answer, by the API's error code, then by its HTTP status. */
function failureKind(/** @type {string} */ code, /** @type {number} */ status) {
  if (code === "not_found") return "not_found";
  if (code === "bad_password") return "password";
  if (code === "bad_api_key" || code === "sign_in_required") return "auth";
  if (code === "bad_key_proof") return "decrypt";
  if (status === 429 || status >= 500) return "unavailable";
  return "refused";
}

/**
 * The CliError of an error answer of the API.
 * @param {Response} response
 */
export async function errorOf(response) {
  /** @type {Json} */
  let body = {};
  try {
    body = /** @type {Json} */ (await response.json()) ?? {};
  } catch {
    // Not the API's JSON (a proxy's error page, say): the status alone tells what happened.
  }
  const fromApi = typeof body.error === "string";
  const code = fromApi ? String(body.error) : `http_${response.status}`;
  let message = typeof body.message === "string" ? body.message : `the server answered ${response.status}`;
  const retryAfter = response.headers.get("retry-after");
  if (response.status === 429 && retryAfter) message += ` (retry after ${retryAfter} s)`;
  const error = new CliError(failureKind(code, response.status), code, message);
  if (retryAfter !== null && /^\d+$/.test(retryAfter)) error.retryAfterSeconds = Number(retryAfter);
  error.fromApi = fromApi;
  return error;
}

/**
 * Whether `server` is this service: its health route answers with the health report's JSON (ok,
 * degraded or unavailable). Undefined when that cannot be told now (no answer, a 5xx of a proxy).
 * @param {string} server
 * @returns {Promise<boolean | undefined>}
 */
async function isNotesServer(server) {
  try {
    const response = await send(`${server}/api/v1/health`, { headers: { accept: "application/json" } });
    const report = /** @type {Json} */ (await response.json().catch(() => null));
    if (report && typeof report.status === "string" && typeof report.checks === "object") return true;
    return response.status >= 500 ? undefined : false;
  } catch {
    return undefined;
  }
}

/**
 * The error of an answer that is not the API's (an error status without its JSON, or no JSON at
 * all): not_notes_server when the server's health route says it is not this service.
 * @param {string} server
 * @param {CliError} error
 */
async function notTheApi(server, error) {
  if ((await isNotesServer(server)) !== false) return error;
  return new CliError(
    "not_notes_server",
    "not_notes_server",
    `${server} is not a notes server (no /api/v1/health answer); check --server or the link`,
  );
}

/**
 * One HTTP request to the service, as this client sends them all (its user agent, a time limit
 * unless `init.signal` brings its own, no redirects): the response, whatever its status; throws
 * CliError when no answer came.
 * @param {string} url
 * @param {RequestInit & { headers?: Record<string, string> }} init
 * @returns {Promise<Response>}
 */
export async function send(url, init) {
  try {
    return await fetch(url, {
      ...init,
      headers: { "user-agent": "notes-cli", ...init.headers },
      signal: init.signal ?? AbortSignal.timeout(requestTimeoutMs),
      redirect: "error",
    });
  } catch (error) {
    const cause = /** @type {{ cause?: { code?: string } }} */ (error).cause?.code ?? String(error);
    throw new CliError("unavailable", "unreachable", `cannot reach ${new URL(url).origin} (${cause})`);
  }
}

/**
 * One call of the notes API at `server` (the base URL, no trailing slash). Answers the JSON body of a
 * success (null for 204); throws CliError for an error answer or when the server cannot be reached.
 * @param {string} server
 * @param {"GET" | "POST" | "DELETE"} method
 * @param {string} path under /api/v1/
 * @param {{ body?: Json, headers?: Record<string, string> }} [options]
 * @returns {Promise<Json | null>}
 */
export async function callApi(server, method, path, options = {}) {
  const headers = { accept: "application/json", ...options.headers };
  const response = await send(`${server}/api/v1/${path}`, {
    method,
    headers: options.body ? { ...headers, "content-type": "application/json" } : headers,
    body: options.body && JSON.stringify(options.body),
  });
  if (!response.ok) {
    const error = await errorOf(response);
    throw error.fromApi ? error : await notTheApi(server, error);
  }
  if (response.status === 204) return null;
  try {
    return /** @type {Json} */ (await response.json());
  } catch {
    const error = new CliError("unavailable", "bad_response", `${server} did not answer with the API's JSON`);
    throw await notTheApi(server, error);
  }
}

/**
 * The headers that prove ownership of a note (delete, events), and identify a keyed client elsewhere.
 * @param {{ key?: string, token?: string }} credentials
 */
export function credentialHeaders({ key, token }) {
  return { ...(key && { "x-api-key": key }), ...(token && { "x-delete-token": token }) };
}

/** Failures worth a retry with the same Idempotency-Key: no answer came, or a 502, 503 or 504. */
const retryableCodes = new Set([
  "unreachable",
  "unavailable",
  "outcome_unknown",
  ...retryableStatuses.map((status) => `http_${status}`),
]);

const retryable = (/** @type {import("./retry.js").Outcome<unknown>} */ outcome) =>
  "error" in outcome && outcome.error instanceof CliError && retryableCodes.has(outcome.error.code);

/**
 * callApi with an Idempotency-Key, retried with the same key (cli/lib/retry.js) while the server
 * cannot be reached or answers 502, 503 or 504: a read or create whose answer was lost is answered again (the
 * note the first attempt burned or stored), not lost or made twice.
 * @param {string} server
 * @param {"POST"} method
 * @param {string} path under /api/v1/
 * @param {{ body?: Json, headers?: Record<string, string> }} [options]
 * @returns {Promise<Json | null>}
 */
export function callApiRetrying(server, method, path, options = {}) {
  return withRetries(
    (key) =>
      callApi(server, method, path, { ...options, headers: { ...options.headers, "idempotency-key": key } }),
    retryable,
  );
}
