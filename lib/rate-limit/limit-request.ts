import { sha256 } from "../crypto/digest";
import { ApiError } from "../http/api-error";
import { writeLogLine } from "../process/log-line";
import type { Budget } from "./budget-bucket";
import { failsClosed, policyRule, type PolicyName } from "./policies";
import { rateLimitStore } from "./store";
import { errorSummary } from "../process/describe-error";

/**
 * The outcome of counting one request. `counted: false` when nothing was counted: the policy is
 * off, or the store could not be reached; then the request is let through, or refused when its
 * policy fails closed (password attempts, admin sign-ins: see policies.ts).
 */
export type RateLimitDecision =
  | { counted: false; allowed: boolean }
  | { counted: true; allowed: boolean; limit: number; remaining: number; resetAt: number };

/** Retry-After of a request refused because the store is down: soon, as a store usually comes back. */
const storeDownRetrySeconds = 5;

const warnEveryMs = 10_000;
let lastWarning = 0;

/** A store that fails must not take the service down with it: warn (at most every 10 s) and go on. */
function warnUnavailable(error: unknown): void {
  const now = Date.now();
  if (now - lastWarning < warnEveryMs) return;
  lastWarning = now;
  writeLogLine({
    level: "warn",
    msg:
      "rate-limit store unavailable: creates and reads are not limited; " +
      "password attempts and admin sign-ins are refused (503)",
    cause: errorSummary(error instanceof Error && error.cause ? error.cause : error),
  });
}

/** Counts one request of `identifier` under `policy` (a negative `rate` gives requests back). */
export async function limitRequest(
  policy: PolicyName,
  identifier: string,
  options: { rate?: number } = {},
): Promise<RateLimitDecision> {
  const rule = policyRule(policy);
  if (!rule) return { counted: false, allowed: true };
  try {
    const answer = await rateLimitStore().limit({ key: `${policy}:${identifier}`, rule, rate: options.rate });
    return { counted: true, ...answer };
  } catch (error) {
    // Any failure of the store (its class may come from another bundle's copy of this code).
    warnUnavailable(error);
    return { counted: false, allowed: !failsClosed(policy) };
  }
}

/**
 * Spends `amount` of `budget` under `key` (a negative amount gives bytes back). While the store is
 * down nothing is counted and the spend is let through, as creates are.
 */
export async function spendBudget(key: string, budget: Budget, amount: number): Promise<RateLimitDecision> {
  try {
    return { counted: true, ...(await rateLimitStore().spend({ key, budget, amount })) };
  } catch (error) {
    warnUnavailable(error);
    return { counted: false, allowed: true };
  }
}

export const secondsUntil = (at: number) => Math.max(1, Math.ceil((at - Date.now()) / 1000));

/** RateLimit-Limit, -Remaining, -Reset (seconds), and Retry-After when the request was refused. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  if (!decision.counted) return decision.allowed ? {} : { "retry-after": String(storeDownRetrySeconds) };
  const reset = String(secondsUntil(decision.resetAt));
  return {
    "ratelimit-limit": String(decision.limit),
    "ratelimit-remaining": String(decision.remaining),
    "ratelimit-reset": reset,
    ...(decision.allowed ? {} : { "retry-after": reset }),
  };
}

/**
 * The error of a refused request (its headers come from rateLimitHeaders): 429 over the limit, or
 * 503 when the store that counts a policy failing closed cannot be reached.
 */
export function rateLimitedError(decision: RateLimitDecision): ApiError {
  if (!decision.counted) {
    return new ApiError(
      "unavailable",
      `These attempts cannot be counted right now, so none are accepted; retry in ${storeDownRetrySeconds} s.`,
    );
  }
  return new ApiError("rate_limited", `Too many requests. Try again in ${secondsUntil(decision.resetAt)} s.`);
}

/** Note ids are secrets: the store (a third party, with Upstash) only ever sees a digest. */
export function noteIdentifier(id: string): string {
  return sha256(id).toString("base64url").slice(0, 22);
}
