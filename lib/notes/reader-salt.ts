import { createSecretKey, type KeyObject } from "node:crypto";
import type { Redis } from "@upstash/redis";
import { randomBase64 } from "../crypto/random-string";
import { env } from "../env";
import { errorSummary } from "../process/describe-error";
import { writeLogLine } from "../process/log-line";
import { processSingleton } from "../process/process-singleton";
import { upstashRedis } from "../rate-limit/upstash-store";

// The salt of a day's reader fingerprints (lib/notes/reader.ts) is never written to the database, so
// a copy of the database cannot test candidate addresses against the fingerprints in note_events.
// The service decides where it lives as it decides for rate-limit counters: with Upstash Redis
// configured (several instances), one salt a day in that Redis, set by the first instance that needs
// it and expiring a minute after its day ends, so every instance fingerprints an address alike;
// otherwise in this process's memory, so each instance has a salt of its own. A process forgets a
// day's salt when the day ends. While Redis does not answer, the process uses a salt of its own for
// the day and asks Redis again a minute later.

/** How long after a failed Redis call the process keeps using its own salt before asking again. */
const sharedRetryMs = 60_000;
/** How long the shared salt outlives its day: a read that began at 23:59:59 still finds it. */
const sharedGraceSeconds = 60;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const endOfDay = (day: string) => Date.parse(`${day}T00:00:00Z`) + 86_400_000;
const freshSalt = () => randomBase64(32, "url");

/**
 * A day's salt, with its bytes as the key of the fingerprints' HMAC, made once: keyed by raw bytes,
 * an HMAC costs a read about 80 µs on Node 24 (lib/crypto/digest.ts). Forgotten with the salt.
 * `until` is when its day ends, `from` when it began (ms).
 */
type DaySalt = { day: string; salt: string; key: KeyObject; from: number; until: number };

const isOfTime = (salt: DaySalt | undefined, now: number): salt is DaySalt =>
  salt !== undefined && now >= salt.from && now < salt.until;

export class DailySalt {
  /** The salt of the day this process made (no shared store, or while it fails). */
  private own: DaySalt | undefined;
  /** The day's salt every instance shares, once fetched. */
  private shared: DaySalt | undefined;
  private fetching: { day: string; salt: Promise<DaySalt> } | undefined;
  private retryAt = 0;

  constructor(private readonly options: { redis: Redis | null; prefix: string }) {}

  /** The Redis key of the shared salt of `day`. */
  sharedKey(day: string): string {
    return `${this.options.prefix}:reader-salt:${day}`;
  }

  /** The salt of the current UTC day. */
  async current(): Promise<string> {
    return (await this.currentDay()).salt;
  }

  /** The current day's salt as an HMAC key. */
  async currentKey(): Promise<KeyObject> {
    return (await this.currentDay()).key;
  }

  /**
   * The current day's key when this process holds it and need not ask the shared store (which
   * currentKey does), else undefined: a read takes it without a promise (docs/benchmarks.md).
   */
  keyAtHand(): KeyObject | undefined {
    return this.atHand(Date.now())?.key;
  }

  /** The salt of the day of `now` this process holds and may use without asking the store. */
  private atHand(now: number): DaySalt | undefined {
    if (isOfTime(this.shared, now)) return this.shared;
    if (this.options.redis && now >= this.retryAt) return undefined;
    return isOfTime(this.own, now) ? this.own : undefined;
  }

  private async currentDay(): Promise<DaySalt> {
    const now = Date.now();
    const held = this.atHand(now);
    if (held) return held;
    const today = dayOf(now);
    const { redis } = this.options;
    if (!redis || now < this.retryAt) return this.ownSalt(today);
    if (this.fetching?.day !== today) this.fetching = { day: today, salt: this.fetchShared(redis, today) };
    try {
      return await this.fetching.salt;
    } catch (error) {
      if (this.fetching?.day === today) this.fetching = undefined;
      this.retryAt = Date.now() + sharedRetryMs;
      writeLogLine({
        level: "warn",
        msg: "reader salt store unavailable: this instance fingerprints readers with a salt of its own",
        cause: errorSummary(error),
      });
      return this.ownSalt(today);
    }
  }

  /** Stores a fresh salt for `day` unless one is there (SET NX GET), and keeps whichever wins. */
  private async fetchShared(redis: Redis, day: string): Promise<DaySalt> {
    const candidate = freshSalt();
    const exat = Math.floor(endOfDay(day) / 1000) + sharedGraceSeconds;
    const stored = await redis.set<string>(this.sharedKey(day), candidate, { nx: true, get: true, exat });
    this.shared = this.forgetAtEndOfDay(day, typeof stored === "string" ? stored : candidate);
    return this.shared;
  }

  private ownSalt(day: string): DaySalt {
    if (this.own?.day !== day) this.own = this.forgetAtEndOfDay(day, freshSalt());
    return this.own;
  }

  /** The day's salt, dropped from memory when its day ends whether or not anything reads after that. */
  private forgetAtEndOfDay(day: string, salt: string): DaySalt {
    const until = endOfDay(day);
    const value = { day, salt, key: createSecretKey(Buffer.from(salt)), from: until - 86_400_000, until };
    const timer = setTimeout(
      () => {
        if (this.own === value) this.own = undefined;
        if (this.shared === value) this.shared = undefined;
        if (this.fetching?.day === day) this.fetching = undefined;
      },
      Math.max(until - Date.now(), 0),
    );
    timer.unref();
    return value;
  }
}

let processSalt: DailySalt | undefined;

/** This process's daily salt: shared through Upstash Redis when it is configured, else its own. */
export function readerSalt(): DailySalt {
  return (processSalt ??= processSingleton("reader-salt", () => {
    const { UPSTASH_REDIS_REST_URL: url, UPSTASH_REDIS_REST_TOKEN: token } = env;
    const redis =
      url && token
        ? upstashRedis(
            { url, token, timeoutMs: env.RATE_LIMIT_STORE_TIMEOUT_MS },
            { automaticDeserialization: false },
          )
        : null;
    return new DailySalt({ redis, prefix: env.RATE_LIMIT_PREFIX });
  }));
}
