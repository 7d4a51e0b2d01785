import { z } from "zod";
import { optional, wholeNumber } from "../setting-schemas";

// Signing people in through the organisation's OpenID Connect provider (lib/people), gathered into
// lib/env.ts's schema. Kept free of other imports of the service: lib/env.ts parses with it.

export const peopleSettings = {
  /** The provider's issuer URL (https); its discovery document is at /.well-known/openid-configuration. */
  OIDC_ISSUER: optional(z.url({ protocol: /^https$/, error: "must be an https:// URL" })),
  /** This service's client id at the provider. */
  OIDC_CLIENT_ID: optional(z.string().min(1)),
  /** This service's client secret at the provider. */
  OIDC_CLIENT_SECRET: optional(z.string().min(1)),
  /** The scopes sign-in asks for, separated by spaces; `openid` must be one. */
  OIDC_SCOPES: z
    .string()
    .default("openid email profile")
    .refine((scopes) => scopes.split(/\s+/).includes("openid"), { error: "must include openid" }),
  /** The ID token or userinfo claim that lists a person's groups (an array of strings). */
  OIDC_GROUPS_CLAIM: z.string().min(1).default("groups"),
  /** 1: signing out also sends the browser to the provider's end_session_endpoint, when it has one. */
  OIDC_SIGN_OUT_AT_PROVIDER: z
    .enum(["0", "1"], { error: "must be 0 or 1" })
    .default("0")
    .transform((value) => value === "1"),
  /** 1: creating notes and requests needs a signed-in person or an API key (401 sign_in_required). */
  CREATE_REQUIRES_SIGN_IN: z
    .enum(["0", "1"], { error: "must be 0 or 1" })
    .default("0")
    .transform((value) => value === "1"),
  /** A person's session ends after this many hours without a request. */
  SESSION_IDLE_HOURS: wholeNumber(1, 24 * 30).default(8),
  /** ... and this many days after signing in, however active. */
  SESSION_MAX_AGE_DAYS: wholeNumber(1, 365).default(7),
  /** Comma-separated: a signed-in person whose verified email is listed administers /admin. */
  ADMIN_EMAILS: commaList(z.email({ error: "must be email addresses separated by commas" })).transform(
    (emails) => emails.map((email) => email.toLowerCase()),
  ),
  /** Comma-separated: a signed-in person in one of these groups administers /admin. */
  ADMIN_GROUPS: commaList(z.string()),
};

/** A comma-separated list, spaces around its items dropped; unset or empty, no item. */
function commaList<T extends z.ZodType<string, string>>(item: T) {
  return z
    .string()
    .default("")
    .transform((text) =>
      text
        .split(",")
        .map((part) => part.trim())
        .filter((part) => part !== ""),
    )
    .pipe(z.array(item));
}

type ProviderSettings = {
  OIDC_ISSUER?: string;
  ADMIN_EMAILS?: readonly string[];
  ADMIN_GROUPS?: readonly string[];
  CREATE_REQUIRES_SIGN_IN?: boolean;
  OIDC_CLIENT_ID?: string;
  OIDC_CLIENT_SECRET?: string;
  PUBLIC_URL?: string;
};

const providerNames = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const;

/** The three provider settings come together or not at all. */
export const providerSettingsComplete: [
  (settings: ProviderSettings) => boolean,
  { path: string[]; error: string },
] = [
  (settings) => new Set(providerNames.map((name) => settings[name] === undefined)).size === 1,
  {
    path: ["OIDC_ISSUER"],
    error: "OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together: set all three or none",
  },
];

/** The provider sends people back to {PUBLIC_URL}/auth/callback, so it needs PUBLIC_URL. */
export const providerNeedsPublicUrl: [
  (settings: ProviderSettings) => boolean,
  { path: string[]; error: string },
] = [
  (settings) => settings.OIDC_ISSUER === undefined || settings.PUBLIC_URL !== undefined,
  {
    path: ["PUBLIC_URL"],
    error: "must be set with OIDC_ISSUER (the redirect URI is {PUBLIC_URL}/auth/callback)",
  },
];

/** Administrators by email or group are people, who sign in only through a provider. */
export const adminListsNeedProvider: [
  (settings: ProviderSettings) => boolean,
  { path: string[]; error: string },
] = [
  (settings) =>
    settings.OIDC_ISSUER !== undefined || (!settings.ADMIN_EMAILS?.length && !settings.ADMIN_GROUPS?.length),
  { path: ["ADMIN_EMAILS"], error: "ADMIN_EMAILS and ADMIN_GROUPS need OIDC_ISSUER (people sign in there)" },
];

/** Only signed-in people may create: someone must be able to sign in. */
export const signInNeedsProvider: [
  (settings: ProviderSettings) => boolean,
  { path: string[]; error: string },
] = [
  (settings) => !settings.CREATE_REQUIRES_SIGN_IN || settings.OIDC_ISSUER !== undefined,
  {
    path: ["CREATE_REQUIRES_SIGN_IN"],
    error: "needs a provider: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET",
  },
];
