import { Ratelimit } from "@upstash/ratelimit";
import { Redis, type RedisConfigNodejs } from "@upstash/redis";
import type { RateRule } from "./settings";
import type { RateLimitStore, StoreAnswer } from "./types";

// Counters in an Upstash Redis database through @upstash/ratelimit's sliding window: shared by every
// instance, so the limits hold however many the service runs. A request never waits on the store
// for longer than `timeoutMs`: each HTTP call is aborted then (no retries), and a store that fails
// or times out throws StoreUnavailableError, which lib/rate-limit/limit-request.ts lets through.

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
    let answer;
    try {
      answer = await this.limiterFor(rule).limit(key, rate === undefined ? undefined : { rate });
    } catch (error) {
      throw new StoreUnavailableError(error);
    }
    if (answer.reason === "timeout") throw new StoreUnavailableError("timeout");
    return {
      allowed: answer.success,
      limit: answer.limit,
      remaining: answer.remaining,
      resetAt: answer.reset,
    };
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
    const name = `${rule.limit}/${rule.windowMs}`;
    let limiter = this.limiters.get(name);
    if (!limiter) {
      limiter = new Ratelimit({
        redis: this.redis,
        limiter: Ratelimit.slidingWindow(rule.limit, `${rule.windowMs} ms`),
        prefix: `${this.options.prefix}:${rule.windowMs}`,
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
