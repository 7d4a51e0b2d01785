// How the rate-limit settings are written in the environment. A limit is `<requests>/<window>` with
// the window in ms, s, m or h (`30/1m`, `10/15m`, `5/2s`), or `off`. Kept free of other imports:
// lib/env.ts parses with it.

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
