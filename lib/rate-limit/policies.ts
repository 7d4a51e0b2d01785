import { env } from "../env";
import type { RateRule } from "./settings";

// Every rate limit the service applies, in one table: the default, and the setting that overrides it
// (`<requests>/<window>` or `off`, see lib/env.ts and the README's "Rate limits").
const table = {
  /** Creates without a valid API key, per client address. */
  create: { limit: 30, windowMs: 60_000, override: env.RATE_LIMIT_CREATE },
  /** Creates with a valid API key, per key (instead of per address). */
  createPerKey: { limit: 120, windowMs: 60_000, override: env.RATE_LIMIT_CREATE_PER_KEY },
  /** Reads and metas, per client address. */
  read: { limit: 300, windowMs: 60_000, override: env.RATE_LIMIT_READ },
  /** Password attempts on one note from one client; a right password is given back. */
  password: { limit: 10, windowMs: 15 * 60_000, override: env.RATE_LIMIT_PASSWORD },
  /** Password attempts on one note from all clients together. */
  passwordPerNote: { limit: 50, windowMs: 60 * 60_000, override: env.RATE_LIMIT_PASSWORD_PER_NOTE },
  /** Admin sign-in attempts, per client address. */
  adminSignIn: { limit: 10, windowMs: 15 * 60_000, override: env.RATE_LIMIT_ADMIN_SIGN_IN },
} satisfies Record<string, RateRule & { override: RateRule | "off" | undefined }>;

export type PolicyName = keyof typeof table;

export const policyNames = Object.keys(table) as PolicyName[];

/** The rule in force for a policy, or null when the setting turned it off. */
export function policyRule(name: PolicyName): RateRule | null {
  const { limit, windowMs, override } = table[name];
  if (override === "off") return null;
  return override ?? { limit, windowMs };
}
