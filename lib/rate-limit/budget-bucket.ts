// A byte budget as a token bucket, the same arithmetic in both stores (memory-store.ts, and
// @upstash/ratelimit's tokenBucket in upstash-store.ts): the bucket holds at most the budget, a
// spend that does not fit is refused whole (nothing is taken), and the budget comes back evenly,
// a sixtieth of it every sixtieth of the window, up to full. A negative spend gives bytes back,
// never past the budget.

/** At most `bytes` spent at once, regained evenly over `windowMs`. */
export type Budget = { bytes: number; windowMs: number };

const refillsPerWindow = 60;

/** The bucket of a budget: how often it refills, and by how much. */
export function bucketOf(budget: Budget) {
  return {
    maxTokens: budget.bytes,
    intervalMs: Math.max(1, Math.floor(budget.windowMs / refillsPerWindow)),
    refillRate: Math.max(1, Math.ceil(budget.bytes / refillsPerWindow)),
  };
}

/** A bucket's state: what it holds, and when it was last refilled (ms). */
export type BucketState = { tokens: number; refilledAt: number };

/** The state after `amount` is spent at `now` (or refused), and when it would fit. */
export function spendFromBucket(
  state: BucketState | undefined,
  budget: Budget,
  amount: number,
  now: number,
): { state: BucketState; allowed: boolean; fitsAt: number } {
  const { maxTokens, intervalMs, refillRate } = bucketOf(budget);
  let { tokens, refilledAt } = state ?? { tokens: maxTokens, refilledAt: now };
  if (now >= refilledAt + intervalMs) {
    const refills = Math.floor((now - refilledAt) / intervalMs);
    tokens = Math.min(maxTokens, tokens + refills * refillRate);
    refilledAt += refills * intervalMs;
  }
  const allowed = amount <= 0 || tokens >= amount;
  if (allowed) tokens = Math.min(maxTokens, tokens - amount);
  return { state: { tokens, refilledAt }, allowed, fitsAt: fitsAt(budget, tokens, refilledAt, amount) };
}

/** When a bucket holding `tokens`, last refilled at `refilledAt`, holds `amount` again. */
export function fitsAt(budget: Budget, tokens: number, refilledAt: number, amount: number): number {
  const { maxTokens, intervalMs, refillRate } = bucketOf(budget);
  const missing = Math.min(amount, maxTokens) - tokens;
  if (missing <= 0) return refilledAt;
  return refilledAt + Math.ceil(missing / refillRate) * intervalMs;
}
