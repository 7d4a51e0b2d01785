import { timingSafeEqual } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { secretMatches } from "../crypto/secret-hash";
import { createSessionToken, verifySessionToken } from "./admin-session";

// timingSafeEqual, watched: the tests check what it is asked to compare.
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:crypto")>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});
const comparedLengths = () =>
  vi.mocked(timingSafeEqual).mock.calls.map(([a, b]) => [a.byteLength, b.byteLength]);
beforeEach(() => {
  vi.mocked(timingSafeEqual).mockClear();
});

const secret = "correct horse battery staple";
const issued = new Date("2026-11-21T12:00:00Z");
const hours = (n: number) => n * 60 * 60;
const later = (seconds: number) => new Date(issued.getTime() + seconds * 1000);

describe("admin session tokens", () => {
  const token = createSessionToken({ secret, now: issued, lifetimeSeconds: hours(8) });
  const verify = (options: { token?: string; secret?: string; now?: Date; lifetimeSeconds?: number }) =>
    verifySessionToken({ token, secret, now: issued, lifetimeSeconds: hours(8), ...options });

  it("carries its issue and expiry times and verifies until it expires", () => {
    const [issuedAt, expiresAt, signature] = token.split(".");
    expect(Number(issuedAt)).toBe(issued.getTime() / 1000);
    expect(Number(expiresAt)).toBe(issued.getTime() / 1000 + hours(8));
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const session = { issuedAt: Number(issuedAt), expiresAt: Number(expiresAt) };
    expect(verify({})).toEqual(session);
    expect(verify({ now: later(hours(8) - 1) })).toEqual(session);
    expect(verify({ now: later(hours(8)) })).toBeNull();
  });

  it("is void once the secret changes", () => {
    expect(verify({ secret: `${secret}!` })).toBeNull();
    expect(verify({ secret: secret.slice(1) })).toBeNull();
  });

  it("refuses tampered times, signatures and shapes", () => {
    const [issuedAt, expiresAt, signature = ""] = token.split(".");
    const longer = `${issuedAt}.${Number(expiresAt) + hours(100)}.${signature}`;
    expect(verify({ token: longer })).toBeNull();
    const flipped = signature.startsWith("A") ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(verify({ token: `${issuedAt}.${expiresAt}.${flipped}` })).toBeNull();
    for (const bad of [undefined, "", "x", `${issuedAt}.${expiresAt}`, `${token}.`, ` ${token}`]) {
      expect(verify({ token: bad })).toBeNull();
    }
  });

  it("ends sessions early when the lifetime setting is shortened", () => {
    expect(verify({ now: later(hours(2)), lifetimeSeconds: hours(1) })).toBeNull();
    expect(verify({ now: later(hours(2)), lifetimeSeconds: hours(3) })).not.toBeNull();
  });

  it("refuses a token issued in the future beyond clock skew", () => {
    const ahead = createSessionToken({ secret, now: later(hours(1)), lifetimeSeconds: hours(8) });
    expect(verify({ token: ahead })).toBeNull();
    const slightlyAhead = createSessionToken({ secret, now: later(30), lifetimeSeconds: hours(8) });
    expect(verify({ token: slightlyAhead })).not.toBeNull();
  });
});

describe("secretMatches", () => {
  it("accepts only the exact secret, whatever the lengths", () => {
    expect(secretMatches(secret, secret)).toBe(true);
    expect(secretMatches(`${secret} `, secret)).toBe(false);
    expect(secretMatches(secret.slice(0, -1), secret)).toBe(false);
    expect(secretMatches("", secret)).toBe(false);
    expect(secretMatches("x".repeat(10_000), secret)).toBe(false);
    expect(secretMatches(secret.toUpperCase(), secret)).toBe(false);
  });

  it("compares fixed-length digests, so its time does not depend on the input", () => {
    // Not a timing benchmark (too noisy for CI): it checks what makes the comparison constant-time,
    // namely that timingSafeEqual always sees two 32-byte digests, whatever was typed.
    secretMatches("short", secret);
    secretMatches("x".repeat(5000), secret);
    secretMatches(secret, secret);
    expect(comparedLengths()).toEqual([
      [32, 32],
      [32, 32],
      [32, 32],
    ]);
  });

  it("checks session signatures the same way", () => {
    const token = createSessionToken({ secret, now: issued, lifetimeSeconds: hours(8) });
    verifySessionToken({ token, secret: "another secret entirely", now: issued, lifetimeSeconds: hours(8) });
    expect(comparedLengths()).toEqual([[32, 32]]);
  });
});
