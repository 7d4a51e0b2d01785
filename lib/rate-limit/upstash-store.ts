import { Ratelimit } from "@upstash/ratelimit";
import { Redis, type RedisConfigNodejs } from "@upstash/redis";
import { bucketOf, fitsAt, type Budget } from "./budget-bucket";
import type { RateRule } from "./settings";
import type { RateLimitStore, StoreAnswer } from "./types";

// Counters in an Upstash Redis database through @upstash/ratelimit's sliding window: shared by every
// instance, so the limits hold however many the service runs. A request never waits on the store
// for longer than `timeoutMs`: each HTTP call is aborted then (no retries), and a store that fails
// or times out throws StoreUnavailableError, which lib/rate-limit/limit-request.ts lets through.
// Byte budgets are its tokenBucket, which refuses a spend that does not fit whole (its slidingWindow
// lets through the request that crosses the limit, however large its rate).

export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super("The rate-limit store did not answer in time.", { cause });
    this.name = "StoreUnavailableError";
  }
}

/** A client of the configured Upstash Redis that never retries and gives up after `timeoutMs`. */
export function upstashRedis(
  options: { url: string; token: string; timeoutMs: number },
  extra: Pick<RedisConfigNodejs, "automaticDeserialization"> = {},
): Redis {
  return new Redis({
    ...extra,
    url: options.url,
    token: options.token,
    retry: { retries: 0 },
    signal: () => AbortSignal.timeout(options.timeoutMs),
    enableTelemetry: false,
    readYourWrites: false,
  });
}

export class UpstashStore implements RateLimitStore {
  readonly backend = "upstash";
  private readonly redis: Redis;
  private readonly limiters = new Map<string, Ratelimit>();

  constructor(private readonly options: { url: string; token: string; prefix: string; timeoutMs: number }) {
    this.redis = upstashRedis(options);
  }

  async limit(options: { key: string; rule: RateRule; rate?: number }): Promise<StoreAnswer> {
    const { key, rule, rate } = options;
    const answer = await this.call(this.limiterFor(rule), key, rate);
    return {
      allowed: answer.success,
      limit: answer.limit,
      remaining: answer.remaining,
      resetAt: answer.reset,
    };
  }

  async spend(options: { key: string; budget: Budget; amount: number }): Promise<StoreAnswer> {
    const { key, budget, amount } = options;
    const limiter = this.bucketFor(budget);
    const answer = await this.call(limiter, key, amount);
    // Its refunds are not capped at the bucket's size: take back what went past it at once.
    if (amount < 0 && answer.remaining > budget.bytes) {
      await this.call(limiter, key, answer.remaining - budget.bytes);
    }
    const { intervalMs } = bucketOf(budget);
    // A refusal does not say what the bucket holds: when the spend fits, counted from empty.
    const resetAt = answer.success ? answer.reset : fitsAt(budget, 0, answer.reset - intervalMs, amount);
    return {
      allowed: answer.success,
      limit: budget.bytes,
      remaining: Math.min(budget.bytes, answer.remaining),
      resetAt,
    };
  }

  private async call(limiter: Ratelimit, key: string, rate: number | undefined) {
    let answer;
    try {
      answer = await limiter.limit(key, rate === undefined ? undefined : { rate });
    } catch (error) {
      throw new StoreUnavailableError(error);
    }
    if (answer.reason === "timeout") throw new StoreUnavailableError("timeout");
    return answer;
  }

  async ping(): Promise<boolean> {
    try {
      return (await this.redis.ping()) === "PONG";
    } catch {
      return false;
    }
  }

  /** One limiter per rule; keys carry the window so a changed setting starts fresh counters. */
  private limiterFor(rule: RateRule): Ratelimit {
    return this.limiterNamed(`${rule.limit}/${rule.windowMs}`, `${rule.windowMs}`, () =>
      Ratelimit.slidingWindow(rule.limit, `${rule.windowMs} ms`),
    );
  }

  /** One bucket limiter per budget; keys carry its size and window, as a rule's carry its window. */
  private bucketFor(budget: Budget): Ratelimit {
    const { maxTokens, intervalMs, refillRate } = bucketOf(budget);
    const name = `budget:${budget.bytes}:${budget.windowMs}`;
    return this.limiterNamed(name, name, () =>
      Ratelimit.tokenBucket(refillRate, `${intervalMs} ms`, maxTokens),
    );
  }

  private limiterNamed(name: string, prefix: string, algorithm: () => Ratelimit["limiter"]): Ratelimit {
    let limiter = this.limiters.get(name);
    if (!limiter) {
      limiter = new Ratelimit({
        redis: this.redis,
        limiter: algorithm(),
        prefix: `${this.options.prefix}:${prefix}`,
        timeout: this.options.timeoutMs,
        // Its cache of blocked identifiers is never pruned; the store is the one source of truth.
        ephemeralCache: false,
        analytics: false,
      });
      this.limiters.set(name, limiter);
    }
    return limiter;
  }
}
