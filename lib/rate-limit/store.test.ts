import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testBridge } from "../test/test-bridge";
import { MemoryStore } from "./memory-store";
import type { RateLimitStore } from "./types";
import { StoreUnavailableError, UpstashStore } from "./upstash-store";

// The same behaviour from both stores: the in-memory one, and the real @upstash/ratelimit code
// against the machine's Redis through the test bridge. Date is faked so windows are exact.
const rule = { limit: 5, windowMs: 60_000 };
const windowStart = Math.floor(Date.now() / rule.windowMs + 10) * rule.windowMs;
const redis = testBridge();
const { prefix } = redis;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(windowStart + 1_000);
});
afterEach(() => {
  vi.useRealTimers();
});

// A store timeout that a busy machine never reaches, for the tests that expect answers; the tests of
// timeouts set their own.
const upstash = (timeoutMs = 30_000, url = redis.bridge.url) =>
  new UpstashStore({ url, token: redis.bridge.token, prefix, timeoutMs });
const stores: [string, () => RateLimitStore][] = [
  ["memory", () => new MemoryStore(1_000)],
  ["upstash", () => upstash()],
];

describe.each(stores)("%s store", (_name, makeStore) => {
  const key = () => `test:${randomBytes(6).toString("hex")}`;

  it("allows the limit, then refuses until the window ends", async () => {
    const store = makeStore();
    const id = key();
    const remaining = [];
    for (let i = 0; i < rule.limit; i++) {
      const answer = await store.limit({ key: id, rule });
      expect(answer).toMatchObject({ allowed: true, limit: 5, resetAt: windowStart + rule.windowMs });
      remaining.push(answer.remaining);
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    expect(await store.limit({ key: id, rule })).toEqual({
      allowed: false,
      limit: 5,
      remaining: 0,
      resetAt: windowStart + rule.windowMs,
    });
    // Another identifier has its own count.
    expect(await store.limit({ key: key(), rule })).toMatchObject({ allowed: true, remaining: 4 });
  });

  it("slides: the previous window counts by how much of it still overlaps", async () => {
    const store = makeStore();
    const id = key();
    for (let i = 0; i < rule.limit; i++) await store.limit({ key: id, rule });
    // 10% into the next window, 90% of the previous 5 (floored: 4) still count: one more is allowed.
    vi.setSystemTime(windowStart + rule.windowMs + 6_000);
    expect(await store.limit({ key: id, rule })).toMatchObject({ allowed: true, remaining: 0 });
    expect(await store.limit({ key: id, rule })).toMatchObject({ allowed: false, remaining: 0 });
    // Two windows later nothing is left of it.
    vi.setSystemTime(windowStart + 3 * rule.windowMs);
    expect(await store.limit({ key: id, rule })).toMatchObject({ allowed: true, remaining: 4 });
  });

  it("gives requests back with a negative rate", async () => {
    const store = makeStore();
    const id = key();
    for (let i = 0; i < rule.limit; i++) await store.limit({ key: id, rule });
    await store.limit({ key: id, rule, rate: -1 });
    expect(await store.limit({ key: id, rule })).toMatchObject({ allowed: true, remaining: 0 });
    expect(await store.limit({ key: id, rule })).toMatchObject({ allowed: false });
  });

  it("answers a ping", async () => {
    expect(await makeStore().ping()).toBe(true);
  });
});

describe("memory store", () => {
  it("keeps at most maxKeys counters, forgetting ended windows first, then the least recently used", async () => {
    const store = new MemoryStore(100);
    const short = { limit: 1, windowMs: 1_000 };
    for (let i = 0; i < 1_000; i++) await store.limit({ key: `burst:${i}`, rule: short });
    expect(store.size).toBe(100);

    // A client that keeps coming back is kept while others are pushed out.
    const long = { limit: 3, windowMs: 3_600_000 };
    await store.limit({ key: "regular", rule: long });
    for (let i = 0; i < 1_000; i++) {
      await store.limit({ key: `other:${i}`, rule: short });
      if (i % 50 === 0) await store.limit({ key: "regular", rule: long });
    }
    expect(store.size).toBe(100);
    expect(await store.limit({ key: "regular", rule: long })).toMatchObject({ allowed: false, remaining: 0 });

    // Once their windows are over, a sweep drops the short counters and keeps the live one.
    vi.setSystemTime(windowStart + 10_000);
    await store.limit({ key: "new", rule: long });
    await store.limit({ key: "new2", rule: long });
    expect(store.size).toBeLessThanOrEqual(100);
    expect(await store.limit({ key: "regular", rule: long })).toMatchObject({ allowed: false });
  });
});

describe("upstash store", () => {
  it("shares one limit between instances (one counter per store, not per process)", async () => {
    const [a, b] = [upstash(), upstash()];
    const id = `shared:${randomBytes(6).toString("hex")}`;
    const allowed = [];
    for (let i = 0; i < 8; i++) allowed.push((await (i % 2 ? a : b).limit({ key: id, rule })).allowed);
    expect(allowed).toEqual([true, true, true, true, true, false, false, false]);
  });

  it("runs the library's flagged scripts on plain Redis, keys under the prefix", async () => {
    const id = `keys:${randomBytes(6).toString("hex")}`;
    await upstash().limit({ key: id, rule });
    expect(await redis.bridge.redis.keys(`${prefix}:*${id}*`)).toHaveLength(1);
  });

  it("fails at once when the store refuses connections, without waiting for its timeout", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    // A timeout longer than any test may run (vitest.config.ts): only the refusal can end these calls.
    const store = upstash(60 * 60_000, `http://127.0.0.1:${port}`);
    await expect(store.limit({ key: "x", rule })).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(await store.ping()).toBe(false);
  });

  it("gives up after the timeout when the store does not answer, without retrying", async () => {
    let requests = 0;
    const silent: Server = createServer(() => void requests++);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      await expect(
        upstash(1_000, `http://127.0.0.1:${port}`).limit({ key: "x", rule }),
      ).rejects.toBeInstanceOf(StoreUnavailableError);
      // The store never answered, so only the timeout ended the call; and it asked once, no retry.
      expect(requests).toBe(1);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
