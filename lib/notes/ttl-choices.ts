// How the TTL_CHOICES setting is written: the `ttl` values the API accepts, comma-separated, each a
// whole number and a unit of m (minutes), h (hours) or d (days), from 1m to 365d (`5m,1h,1d,90d`).
// Kept free of other imports: lib/env.ts parses with it.

/** Each accepted `ttl`, as written, with its lifetime in seconds, in the order the operator gave. */
export type TtlChoices = ReadonlyMap<string, number>;

const unitSeconds = { m: 60, h: 60 * 60, d: 24 * 60 * 60 } as const;
const choicePattern = /^([1-9]\d{0,5})(m|h|d)$/;
const minTtlSeconds = unitSeconds.m;
/** A year: longer than that, an operator wants permanent notes (with a key). */
const maxTtlSeconds = 365 * unitSeconds.d;

export const defaultTtlChoices = "1h,1d,7d,30d";

/**
 * The choices a setting lists, or null when one is malformed, out of bounds, or the same lifetime
 * twice (`60m` and `1h` would be two names for one choice on the create page).
 */
export function parseTtlChoices(text: string): TtlChoices | null {
  const choices = new Map<string, number>();
  for (const item of text.split(",")) {
    const match = choicePattern.exec(item.trim());
    if (!match) return null;
    const seconds = Number(match[1]) * unitSeconds[match[2] as keyof typeof unitSeconds];
    if (seconds < minTtlSeconds || seconds > maxTtlSeconds) return null;
    if ([...choices.values()].includes(seconds)) return null;
    choices.set(item.trim(), seconds);
  }
  return choices;
}

const unitNames = { m: "minute", h: "hour", d: "day" } as const;

/** `5m` as the create page shows it, in the page's language: "5 minutes", "5 Minuten". */
export function ttlLabel(ttl: string, locale: string): string {
  const unit = unitNames[ttl.slice(-1) as keyof typeof unitNames];
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(
    Number(ttl.slice(0, -1)),
  );
}
