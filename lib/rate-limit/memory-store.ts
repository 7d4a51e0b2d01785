import { spendFromBucket, type BucketState, type Budget } from "./budget-bucket";
import type { RateRule } from "./settings";
import type { RateLimitStore, StoreAnswer } from "./types";

// Counters in this process's memory: for a single instance (the embedded default). The same sliding
// window approximation as @upstash/ratelimit's: the current window's count plus the previous one's,
// weighted by how much of it still overlaps the sliding window. Memory is bounded: at most `maxKeys`
// counters; past that, counters whose windows are over go first, then the least recently used.
// Byte budgets are buckets (budget-bucket.ts) kept in the same map, under the same bound.

type Counter = { window: number; current: number; previous: number; windowMs: number };
type Bucket = BucketState & { windowMs: number };

const sweepEveryMs = 1_000;

export class MemoryStore implements RateLimitStore {
  readonly backend = "memory";
  private readonly counters = new Map<string, Counter | Bucket>();
  private lastSweep = 0;

  constructor(
    private readonly maxKeys: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get size(): number {
    return this.counters.size;
  }

  async limit(options: { key: string; rule: RateRule; rate?: number }): Promise<StoreAnswer> {
    const { key, rule, rate = 1 } = options;
    const now = this.now();
    const window = Math.floor(now / rule.windowMs);
    const counter = this.counterOf(key, window, rule.windowMs);

    const elapsed = (now % rule.windowMs) / rule.windowMs;
    const carried = Math.floor((1 - elapsed) * counter.previous);
    const allowed = rate <= 0 || carried + counter.current < rule.limit;
    if (allowed) counter.current = Math.max(0, counter.current + rate);

    // Re-inserting keeps the map in least-recently-used order for eviction.
    this.counters.set(key, counter);
    this.evict(now);
    const remaining = Math.max(0, rule.limit - counter.current - carried);
    return { allowed, limit: rule.limit, remaining, resetAt: (window + 1) * rule.windowMs };
  }

  async spend(options: { key: string; budget: Budget; amount: number }): Promise<StoreAnswer> {
    const { key, budget, amount } = options;
    const now = this.now();
    const held = this.counters.get(key);
    this.counters.delete(key);
    const before = held && "tokens" in held && held.windowMs === budget.windowMs ? held : undefined;
    const { state, allowed, fitsAt } = spendFromBucket(before, budget, amount, now);
    this.counters.set(key, { ...state, windowMs: budget.windowMs });
    this.evict(now);
    return { allowed, limit: budget.bytes, remaining: Math.max(0, state.tokens), resetAt: fitsAt };
  }

  async ping(): Promise<boolean> {
    return true;
  }

  private counterOf(key: string, window: number, windowMs: number): Counter {
    const held = this.counters.get(key);
    this.counters.delete(key);
    const counter = held && "current" in held ? held : undefined;
    if (!counter || counter.windowMs !== windowMs || counter.window < window - 1) {
      return { window, current: 0, previous: 0, windowMs };
    }
    if (counter.window === window - 1) return { window, current: 0, previous: counter.current, windowMs };
    return counter;
  }

  private evict(now: number): void {
    if (this.counters.size <= this.maxKeys) return;
    if (now - this.lastSweep >= sweepEveryMs) {
      this.lastSweep = now;
      for (const [key, counter] of this.counters) {
        if (isOver(counter, now)) this.counters.delete(key);
      }
    }
    for (const key of this.counters.keys()) {
      if (this.counters.size <= this.maxKeys) break;
      this.counters.delete(key);
    }
  }
}

/** A counter whose windows are both over, or a bucket that is full again by now. */
function isOver(entry: Counter | Bucket, now: number): boolean {
  if ("tokens" in entry) return now - entry.refilledAt >= entry.windowMs;
  return entry.window < Math.floor(now / entry.windowMs) - 1;
}
