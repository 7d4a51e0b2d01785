import { timingSafeEqual } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { secretMatches } from "../crypto/secret-hash";
import { createSessionToken, sessionIdOf, sessionIsFresh } from "./admin-session";

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
  const { id, token } = createSessionToken(secret);

  it("carry a random 128-bit id, signed", () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(token.startsWith(`${id}.`)).toBe(true);
    expect(sessionIdOf(token, secret)).toBe(id);
    expect(createSessionToken(secret).id).not.toBe(id);
  });

  it("are void once the secret changes", () => {
    expect(sessionIdOf(token, `${secret}!`)).toBeNull();
    expect(sessionIdOf(token, secret.slice(1))).toBeNull();
  });

  it("refuse tampered ids, signatures and shapes", () => {
    const [, signature = ""] = token.split(".");
    const otherId = createSessionToken(secret).id;
    expect(sessionIdOf(`${otherId}.${signature}`, secret)).toBeNull();
    const flipped = signature.startsWith("A") ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(sessionIdOf(`${id}.${flipped}`, secret)).toBeNull();
    for (const bad of [undefined, "", "x", id, `${token}.`, ` ${token}`, `1.2.${signature}`]) {
      expect(sessionIdOf(bad, secret)).toBeNull();
    }
  });
});

describe("sessionIsFresh", () => {
  const session = {
    id: "x",
    issuedAt: issued.getTime() / 1000,
    expiresAt: issued.getTime() / 1000 + hours(8),
  };

  it("holds until the session expires", () => {
    expect(sessionIsFresh(session, issued, hours(8))).toBe(true);
    expect(sessionIsFresh(session, later(hours(8) - 1), hours(8))).toBe(true);
    expect(sessionIsFresh(session, later(hours(8)), hours(8))).toBe(false);
  });

  it("ends sessions early when the lifetime setting is shortened", () => {
    expect(sessionIsFresh(session, later(hours(2)), hours(1))).toBe(false);
    expect(sessionIsFresh(session, later(hours(2)), hours(3))).toBe(true);
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
    sessionIdOf(createSessionToken(secret).token, "another secret entirely");
    expect(comparedLengths()).toEqual([[32, 32]]);
  });
});
