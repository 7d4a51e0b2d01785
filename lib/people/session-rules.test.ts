import { describe, expect, it } from "vitest";
import { needsTouch, newSessionTimes, sessionIsLive, sessionLifetimes } from "./session-rules";

const lifetimes = sessionLifetimes({ SESSION_IDLE_HOURS: 8, SESSION_MAX_AGE_DAYS: 7 });
const start = new Date("2026-11-30T00:00:00Z");
const later = (ms: number) => new Date(start.getTime() + ms);
const hour = 3_600_000;

describe("a person's session", () => {
  it("lasts 8 hours idle and 7 days in all by default", () => {
    expect(lifetimes).toEqual({ idleMs: 8 * hour, maxAgeMs: 7 * 24 * hour });
    expect(newSessionTimes(start, lifetimes)).toEqual({
      createdAt: start,
      lastSeenAt: start,
      expiresAt: later(7 * 24 * hour),
    });
  });

  it("ends after its idle time without a request", () => {
    const session = newSessionTimes(start, lifetimes);
    expect(sessionIsLive(session, later(8 * hour - 1), lifetimes)).toBe(true);
    expect(sessionIsLive(session, later(8 * hour), lifetimes)).toBe(false);
    expect(sessionIsLive({ ...session, lastSeenAt: later(7 * hour) }, later(14 * hour), lifetimes)).toBe(
      true,
    );
  });

  it("ends at its absolute expiry however active, and sooner when the setting is shortened", () => {
    const session = { ...newSessionTimes(start, lifetimes), lastSeenAt: later(7 * 24 * hour - 1) };
    expect(sessionIsLive(session, later(7 * 24 * hour - 1), lifetimes)).toBe(true);
    expect(sessionIsLive(session, later(7 * 24 * hour), lifetimes)).toBe(false);
    const shorter = sessionLifetimes({ SESSION_IDLE_HOURS: 8, SESSION_MAX_AGE_DAYS: 1 });
    expect(sessionIsLive({ ...session, lastSeenAt: later(25 * hour) }, later(25 * hour), shorter)).toBe(
      false,
    );
  });

  it("is touched at most once a minute", () => {
    const session = newSessionTimes(start, lifetimes);
    expect(needsTouch(session, later(59_999))).toBe(false);
    expect(needsTouch(session, later(60_000))).toBe(true);
  });
});
