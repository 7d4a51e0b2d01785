import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testBridge } from "../test/test-bridge";
import { bucketOf, spendFromBucket } from "./budget-bucket";
import { MemoryStore } from "./memory-store";
import type { RateLimitStore } from "./types";
import { UpstashStore } from "./upstash-store";

// Byte budgets spent the same way in both stores: memory, and @upstash/ratelimit's token bucket
// against the machine's Redis through the test bridge. Date is faked so refills are exact.
const budget = { bytes: 6_000, windowMs: 60_000 };
const start = Math.floor(Date.now() / budget.windowMs + 10) * budget.windowMs;
const redis = testBridge();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(start);
});
afterEach(() => {
  vi.useRealTimers();
});

const stores: [string, () => RateLimitStore][] = [
  ["memory", () => new MemoryStore(1_000)],
  [
    "upstash",
    () =>
      new UpstashStore({
        url: redis.bridge.url,
        token: redis.bridge.token,
        prefix: redis.prefix,
        timeoutMs: 30_000,
      }),
  ],
];

describe("bucketOf", () => {
  it("refills a sixtieth of the budget every sixtieth of the window", () => {
    expect(bucketOf({ bytes: 1024 ** 3, windowMs: 3_600_000 })).toEqual({
      maxTokens: 1024 ** 3,
      intervalMs: 60_000,
      refillRate: Math.ceil(1024 ** 3 / 60),
    });
  });

  it("never goes past the budget, refilled or given back", () => {
    const spent = spendFromBucket(undefined, budget, 5_000, start);
    expect(spent.state.tokens).toBe(1_000);
    const later = spendFromBucket(spent.state, budget, -5_000, start + 59_000);
    expect(later.state.tokens).toBe(budget.bytes);
  });
});

describe.each(stores)("%s store's budgets", (_name, makeStore) => {
  const key = () => `budget-test:${randomBytes(6).toString("hex")}`;

  it("takes spends that fit, refuses one that does not, whole, and says when it will fit", async () => {
    const store = makeStore();
    const id = key();
    expect(await store.spend({ key: id, budget, amount: 4_000 })).toMatchObject({
      allowed: true,
      remaining: 2_000,
    });
    const refused = await store.spend({ key: id, budget, amount: 3_000 });
    expect(refused.allowed).toBe(false);
    // 100 bytes come back per second: memory knows 1,000 are missing, Upstash counts from empty.
    expect(refused.resetAt).toBeGreaterThanOrEqual(start + 10_000);
    expect(refused.resetAt).toBeLessThanOrEqual(start + 30_000);
    // Nothing was taken by the refusal: 2,000 still fit.
    expect(await store.spend({ key: id, budget, amount: 2_000 })).toMatchObject({
      allowed: true,
      remaining: 0,
    });
    vi.setSystemTime(start + 29_999);
    expect(await store.spend({ key: id, budget, amount: 3_000 })).toMatchObject({ allowed: false });
    vi.setSystemTime(start + 30_000);
    expect(await store.spend({ key: id, budget, amount: 3_000 })).toMatchObject({
      allowed: true,
      remaining: 0,
    });
  });

  it("gives bytes back, never past the budget", async () => {
    const store = makeStore();
    const id = key();
    await store.spend({ key: id, budget, amount: 6_000 });
    expect(await store.spend({ key: id, budget, amount: 1 })).toMatchObject({ allowed: false });
    await store.spend({ key: id, budget, amount: -6_000 });
    expect(await store.spend({ key: id, budget, amount: 6_000 })).toMatchObject({ allowed: true });
    // Refilled meanwhile: the bytes given back cannot make the bucket hold more than the budget.
    vi.setSystemTime(start + budget.windowMs);
    await store.spend({ key: id, budget, amount: -6_000 });
    expect(await store.spend({ key: id, budget, amount: 6_001 })).toMatchObject({ allowed: false });
    expect(await store.spend({ key: id, budget, amount: 6_000 })).toMatchObject({ allowed: true });
  });
});
