import type { Budget } from "./budget-bucket";
import type { RateRule } from "./settings";

/** What a store answers for one counted request. `resetAt` is when the current window ends (ms). */
export type StoreAnswer = { allowed: boolean; limit: number; remaining: number; resetAt: number };

export type Backend = "upstash" | "memory";

/** A place where counters live: this process's memory, or an Upstash (Redis) database. */
export interface RateLimitStore {
  readonly backend: Backend;
  /** Counts `rate` requests (a negative rate gives them back) against `key` under `rule`. */
  limit(options: { key: string; rule: RateRule; rate?: number }): Promise<StoreAnswer>;
  /**
   * Spends `amount` of a byte budget under `key` (lib/rate-limit/budget-bucket.ts): refused whole
   * when it does not fit, and then `resetAt` is when it would; a negative amount gives bytes back.
   */
  spend(options: { key: string; budget: Budget; amount: number }): Promise<StoreAnswer>;
  /** True when the store answers. */
  ping(): Promise<boolean>;
}
