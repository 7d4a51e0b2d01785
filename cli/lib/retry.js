// @ts-check
// Retrying a read (or any request sent with an Idempotency-Key) whose answer was lost: the web
// viewer and the command-line client both import this file. Every attempt of one request sends the
// same key, so when the first attempt did spend the view and only its answer was lost (a 503
// outcome_unknown, a dropped connection), the retry gets the answer the server kept instead of a
// 404 for the note it burned. The waits grow and are bounded: about 15 s in all, then the last
// failure is the answer.

/** Milliseconds to wait before each retry; their count is the number of retries. */
export const retryDelaysMs = [500, 1000, 2000, 4000, 8000];

/**
 * HTTP statuses worth a retry with the same key: the service could not reach its database (503), or
 * a load balancer in front of it lost the instance that had the request (502, 504: sent, maybe done).
 */
export const retryableStatuses = [502, 503, 504];

/**
 * A fresh Idempotency-Key: 16 random bytes in base64url. getRandomValues, unlike randomUUID, also
 * exists on pages served over plain HTTP.
 */
export function newIdempotencyKey() {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @template T
 * @typedef {{ value: T } | { error: unknown }} Outcome
 */

/**
 * Calls `attempt` with one Idempotency-Key until `retryable` turns its outcome down or the retries
 * run out; answers the last outcome (a thrown error is thrown again).
 * @template T
 * @param {(idempotencyKey: string) => Promise<T>} attempt
 * @param {(outcome: Outcome<T>) => boolean} retryable
 * @param {{ delaysMs?: readonly number[] }} [options]
 * @returns {Promise<T>}
 */
export async function withRetries(attempt, retryable, options = {}) {
  const key = newIdempotencyKey();
  const delays = options.delaysMs ?? retryDelaysMs;
  for (let retry = 0; ; retry++) {
    /** @type {Outcome<T>} */
    let outcome;
    try {
      outcome = { value: await attempt(key) };
    } catch (error) {
      outcome = { error };
    }
    const delay = delays[retry];
    if (delay === undefined || !retryable(outcome)) {
      if ("error" in outcome) throw outcome.error;
      return outcome.value;
    }
    await sleep(delay);
  }
}
