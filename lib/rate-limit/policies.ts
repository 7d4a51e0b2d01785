import { env } from "../env";
import type { RateRule } from "./settings";

// Every rate limit the service applies, in one table: the default, the setting that overrides it
// (`<requests>/<window>` or `off`, see lib/env.ts and docs/api.md's "Rate limits"), and what happens
// while the shared store cannot be reached. Creates and reads are let through then (an outage of the
// store must not take the service down); password attempts and admin sign-ins are refused, since an
// uncounted guess is exactly what those limits exist to prevent.
const table = {
  /** Creates without a valid API key, per client address. */
  create: { limit: 30, windowMs: 60_000, override: env.RATE_LIMIT_CREATE, whenStoreDown: "allow" },
  /** Creates with a valid API key, per key (instead of per address). */
  createPerKey: {
    limit: 120,
    windowMs: 60_000,
    override: env.RATE_LIMIT_CREATE_PER_KEY,
    whenStoreDown: "allow",
  },
  /** Reads, metas and viewer pages, per client address. */
  read: { limit: 300, windowMs: 60_000, override: env.RATE_LIMIT_READ, whenStoreDown: "allow" },
  /** Chunk uploads (a note's files, an answer's), per client address. */
  upload: { limit: 1200, windowMs: 60_000, override: env.RATE_LIMIT_UPLOAD, whenStoreDown: "allow" },
  /** Password attempts on one note from one client; a right password is given back. */
  password: { limit: 10, windowMs: 15 * 60_000, override: env.RATE_LIMIT_PASSWORD, whenStoreDown: "refuse" },
  /** Password attempts on one note from all clients together. */
  passwordPerNote: {
    limit: 50,
    windowMs: 60 * 60_000,
    override: env.RATE_LIMIT_PASSWORD_PER_NOTE,
    whenStoreDown: "refuse",
  },
  /** Admin sign-in attempts, per client address. */
  adminSignIn: {
    limit: 10,
    windowMs: 15 * 60_000,
    override: env.RATE_LIMIT_ADMIN_SIGN_IN,
    whenStoreDown: "refuse",
  },
} satisfies Record<
  string,
  RateRule & { override: RateRule | "off" | undefined; whenStoreDown: "allow" | "refuse" }
>;

export type PolicyName = keyof typeof table;

export const policyNames = Object.keys(table) as PolicyName[];

/** The rule in force for a policy, or null when the setting turned it off. */
export function policyRule(name: PolicyName): RateRule | null {
  const { limit, windowMs, override } = table[name];
  if (override === "off") return null;
  return override ?? { limit, windowMs };
}

/** Whether a request counted under `name` is refused (rather than let through) while the store is down. */
export function failsClosed(name: PolicyName): boolean {
  return table[name].whenStoreDown === "refuse";
}
