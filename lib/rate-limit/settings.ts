import { z } from "zod";
import { optional, parsedWith, wholeNumber } from "../setting-schemas";

// How the rate-limit settings are written in the environment, gathered into lib/env.ts's schema. A
// limit is `<requests>/<window>` with the window in ms, s, m or h (`30/1m`, `10/15m`, `5/2s`), or
// `off`. Kept free of other imports of the service: lib/env.ts parses with it.

export type RateRule = { limit: number; windowMs: number };

const unitMs = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 } as const;
const rulePattern = /^(\d{1,9})\s*\/\s*(\d{1,9})\s*(ms|s|m|h)$/;
const maxWindowMs = 7 * 24 * 3_600_000;

/** The rule a setting describes, "off", or null when it is not one. */
export function parseRateRule(text: string): RateRule | "off" | null {
  const value = text.trim().toLowerCase();
  if (value === "off") return "off";
  const match = rulePattern.exec(value);
  if (!match) return null;
  const limit = Number(match[1]);
  const windowMs = Number(match[2]) * unitMs[match[3] as keyof typeof unitMs];
  if (limit < 1 || windowMs < 100 || windowMs > maxWindowMs) return null;
  return { limit, windowMs };
}

/** TRUST_PROXY: how many proxies append to X-Forwarded-For, or the header a platform sets. */
export type TrustProxy = { hops: number } | { header: string };

const headerName = /^[a-z][a-z0-9-]*$/;

/** The proxy setting a value describes, "off", or null when it is not one. */
export function parseTrustProxy(text: string): TrustProxy | "off" | null {
  const value = text.trim().toLowerCase();
  if (value === "off" || value === "false" || value === "0") return "off";
  if (/^\d{1,2}$/.test(value)) return Number(value) > 0 ? { hops: Number(value) } : "off";
  if (value === "true" || !headerName.test(value)) return null;
  return { header: value };
}

const rateRule = parsedWith(parseRateRule, "must be <requests>/<window> such as 30/1m, 10/15m, 5/2s, or off");

/** The rate-limit settings' fields of lib/env.ts's schema. */
export const rateLimitSettings = {
  RATE_LIMIT_CREATE: rateRule,
  RATE_LIMIT_CREATE_PER_KEY: rateRule,
  RATE_LIMIT_READ: rateRule,
  RATE_LIMIT_UPLOAD: rateRule,
  RATE_LIMIT_PASSWORD: rateRule,
  RATE_LIMIT_PASSWORD_PER_NOTE: rateRule,
  RATE_LIMIT_ADMIN_SIGN_IN: rateRule,
  /** Shared store for several instances; without both, limits are kept in this process's memory. */
  UPSTASH_REDIS_REST_URL: optional(
    z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }),
  ),
  UPSTASH_REDIS_REST_TOKEN: optional(z.string()),
  /** How long a request waits for the Upstash store before it is let through unlimited. */
  RATE_LIMIT_STORE_TIMEOUT_MS: wholeNumber(50, 60_000).default(1_000),
  /** Prefix of every key in the Upstash store (several deployments can share one database). */
  RATE_LIMIT_PREFIX: z.string().min(1).default("notes:rl"),
  /** Most clients the in-memory store remembers; the least recently seen are forgotten first. */
  RATE_LIMIT_MEMORY_MAX_KEYS: wholeNumber(100, 10_000_000).default(100_000),
  /** Unset: the connecting address is the client. A hop count or a header name: see docs/operations.md. */
  TRUST_PROXY: parsedWith(parseTrustProxy, "must be off, a number of proxies (1, 2, ...) or a header name"),
};

// Upstash needs both its URL and its token; one without the other is a mistake, not "memory".
export const upstashSettingsComplete: [
  (settings: { UPSTASH_REDIS_REST_URL?: string; UPSTASH_REDIS_REST_TOKEN?: string }) => boolean,
  { path: string[]; error: string },
] = [
  (settings) => !settings.UPSTASH_REDIS_REST_URL === !settings.UPSTASH_REDIS_REST_TOKEN,
  {
    path: ["UPSTASH_REDIS_REST_TOKEN"],
    error: "UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN must be set together",
  },
];
