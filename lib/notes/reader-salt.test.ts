import { createHmac, type KeyObject } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startUpstashBridge } from "../../e2e/support/upstash-bridge";
import { testBridge } from "../test/test-bridge";
import { upstashRedis } from "../rate-limit/upstash-store";
import { DailySalt } from "./reader-salt";

// The daily salt of reader fingerprints: per process without a shared store, one for every instance
// through Upstash Redis (the machine's real Redis behind the test bridge), new each UTC day. Date is
// faked so days are exact; timers stay real.
const redis = testBridge();
const { prefix } = redis;
const noon = Date.parse("2031-05-06T12:00:00Z");
afterEach(() => {
  vi.useRealTimers();
});

const at = (time: number) => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(time);
};

/** One server process's salt, with a Redis client of its own (as each instance has). */
const instance = (url = redis.bridge.url) =>
  new DailySalt({
    redis: upstashRedis(
      { url, token: redis.bridge.token, timeoutMs: 30_000 },
      { automaticDeserialization: false },
    ),
    prefix,
  });

describe("DailySalt in memory (no shared store)", () => {
  it("keeps one salt for the day, another the next day, and one per process", async () => {
    at(noon);
    const salt = new DailySalt({ redis: null, prefix });
    const first = await salt.current();
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    at(noon + 11 * 3_600_000);
    expect(await salt.current()).toBe(first);
    at(noon + 12 * 3_600_000);
    const nextDay = await salt.current();
    expect(nextDay).not.toBe(first);
    expect(await new DailySalt({ redis: null, prefix }).current()).not.toBe(nextDay);
  });

  it("gives the day's salt as an HMAC key of the same bytes, and a new one the next day", async () => {
    at(noon);
    const salt = new DailySalt({ redis: null, prefix });
    const hmac = (key: KeyObject | Buffer) => createHmac("sha256", key).update("note\nclient").digest("hex");
    const key = await salt.currentKey();
    expect(hmac(key)).toBe(hmac(Buffer.from(await salt.current())));
    expect(await salt.currentKey()).toBe(key);
    at(noon + 12 * 3_600_000);
    const nextDay = await salt.currentKey();
    expect(nextDay).not.toBe(key);
    expect(hmac(nextDay)).toBe(hmac(Buffer.from(await salt.current())));
  });

  it("has the day's key at hand once made, until the day ends", async () => {
    at(noon);
    const salt = new DailySalt({ redis: null, prefix });
    expect(salt.keyAtHand()).toBeUndefined();
    const key = await salt.currentKey();
    expect(salt.keyAtHand()).toBe(key);
    at(Date.parse("2031-05-06T23:59:59.999Z"));
    expect(salt.keyAtHand()).toBe(key);
    at(Date.parse("2031-05-07T00:00:00Z"));
    expect(salt.keyAtHand()).toBeUndefined();
    expect(await salt.currentKey()).not.toBe(key);
  });
});

describe("DailySalt in Upstash Redis", () => {
  it("gives every instance the same salt for a day, expiring a minute after the day", async () => {
    at(noon);
    const [a, b] = [instance(), instance()];
    const [fromA, fromB] = await Promise.all([a.current(), b.current()]);
    expect(fromA).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fromB).toBe(fromA);
    expect(a.keyAtHand()).toBe(await a.currentKey());
    const fresh = instance();
    expect(fresh.keyAtHand()).toBeUndefined();
    expect(await fresh.current()).toBe(fromA);
    const key = a.sharedKey("2031-05-06");
    expect(await redis.bridge.redis.get(key)).toBe(fromA);
    const expiresAt = Date.parse("2031-05-07T00:01:00Z");
    expect(await redis.bridge.redis.call("EXPIRETIME", key)).toBe(expiresAt / 1000);

    at(noon + 12 * 3_600_000);
    const nextDay = await a.current();
    expect(nextDay).not.toBe(fromA);
    expect(await b.current()).toBe(nextDay);
  });

  it("uses a salt of its own while Redis does not answer, and says so", async () => {
    at(Date.parse("2031-05-08T12:00:00Z"));
    const closed = await startUpstashBridge({});
    const url = closed.url;
    await closed.close();
    const lines: string[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      const salt = instance(url);
      const own = await salt.current();
      expect(own).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Within the next minute it does not ask again, and keeps the same salt.
      expect(await salt.current()).toBe(own);
      expect(salt.keyAtHand()).toBe(await salt.currentKey());
      // After it, the store is asked again: the key is not at hand.
      at(Date.parse("2031-05-08T12:01:00Z"));
      expect(salt.keyAtHand()).toBeUndefined();
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      write.mockRestore();
    }
    const warnings = lines
      .join("")
      .split("\n")
      .filter((line) => line.includes("reader salt store unavailable"));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: "warn" });
  });
});
