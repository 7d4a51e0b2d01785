import { sha256 } from "../crypto/digest";
import { ApiError } from "../http/api-error";
import { writeLogLine } from "../process/log-line";
import { policyRule, type PolicyName } from "./policies";
import { rateLimitStore } from "./store";
import { errorSummary } from "../process/describe-error";

/**
 * The outcome of counting one request. `counted: false` when nothing was counted: the policy is
 * off, or the store could not be reached (then the request is let through, see warnUnavailable).
 */
export type RateLimitDecision =
  | { counted: false; allowed: true }
  | { counted: true; allowed: boolean; limit: number; remaining: number; resetAt: number };

const warnEveryMs = 10_000;
let lastWarning = 0;

/** A store that fails must not take the service down with it: warn (at most every 10 s), let through. */
function warnUnavailable(error: unknown): void {
  const now = Date.now();
  if (now - lastWarning < warnEveryMs) return;
  lastWarning = now;
  writeLogLine({
    level: "warn",
    msg: "rate-limit store unavailable: requests are not limited",
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
    return { counted: false, allowed: true };
  }
}

const secondsUntil = (at: number) => Math.max(1, Math.ceil((at - Date.now()) / 1000));

/** RateLimit-Limit, -Remaining, -Reset (seconds), and Retry-After when the request was refused. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  if (!decision.counted) return {};
  const reset = String(secondsUntil(decision.resetAt));
  return {
    "ratelimit-limit": String(decision.limit),
    "ratelimit-remaining": String(decision.remaining),
    "ratelimit-reset": reset,
    ...(decision.allowed ? {} : { "retry-after": reset }),
  };
}

/** The 429 for a refused request; its headers come from rateLimitHeaders. */
export function rateLimitedError(decision: RateLimitDecision): ApiError {
  const wait = decision.counted ? ` Try again in ${secondsUntil(decision.resetAt)} s.` : "";
  return new ApiError("rate_limited", `Too many requests.${wait}`);
}

/** Note ids are secrets: the store (a third party, with Upstash) only ever sees a digest. */
export function noteIdentifier(id: string): string {
  return sha256(id).toString("base64url").slice(0, 22);
}
