import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  adminListsNeedProvider,
  peopleSettings,
  providerNeedsPublicUrl,
  providerSettingsComplete,
  signInNeedsProvider,
} from "./people-settings";

const schema = z
  .object({ ...peopleSettings, PUBLIC_URL: z.string().optional() })
  .refine(...providerSettingsComplete)
  .refine(...providerNeedsPublicUrl)
  .refine(...adminListsNeedProvider)
  .refine(...signInNeedsProvider);

const provider = {
  OIDC_ISSUER: "https://id.example.test/realms/staff",
  OIDC_CLIENT_ID: "notes",
  OIDC_CLIENT_SECRET: "secret",
  PUBLIC_URL: "https://notes.example.test",
};

const without = (name: keyof typeof provider) =>
  Object.fromEntries(Object.entries(provider).filter(([key]) => key !== name));

const problems = (settings: Record<string, string>) =>
  schema.safeParse(settings).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];

describe("the provider settings", () => {
  it("are all optional, with the documented defaults", () => {
    expect(schema.parse({})).toEqual({
      OIDC_SCOPES: "openid email profile",
      OIDC_GROUPS_CLAIM: "groups",
      OIDC_SIGN_OUT_AT_PROVIDER: false,
      CREATE_REQUIRES_SIGN_IN: false,
      SESSION_IDLE_HOURS: 8,
      SESSION_MAX_AGE_DAYS: 7,
      ADMIN_EMAILS: [],
      ADMIN_GROUPS: [],
    });
    expect(problems(provider)).toEqual([]);
  });

  it("go together: issuer, client id and secret, or none", () => {
    expect(problems(without("OIDC_CLIENT_SECRET"))).toEqual([
      "OIDC_ISSUER: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together: set all three or none",
    ]);
    expect(problems({ OIDC_CLIENT_ID: "notes" })).toHaveLength(1);
  });

  it("need PUBLIC_URL, an https issuer, and openid among the scopes", () => {
    expect(problems(without("PUBLIC_URL"))).toEqual([
      "PUBLIC_URL: must be set with OIDC_ISSUER (the redirect URI is {PUBLIC_URL}/auth/callback)",
    ]);
    expect(problems({ ...provider, OIDC_ISSUER: "http://id.example.test" })).toEqual([
      "OIDC_ISSUER: must be an https:// URL",
    ]);
    expect(problems({ ...provider, OIDC_SCOPES: "email profile" })).toEqual([
      "OIDC_SCOPES: must include openid",
    ]);
  });

  it("list administrators by comma, emails in lower case, only with a provider", () => {
    const lists = {
      ADMIN_EMAILS: " Carol@Example.test, dan@example.test,",
      ADMIN_GROUPS: "notes-admins,Ops Team",
    };
    expect(schema.parse({ ...provider, ...lists })).toMatchObject({
      ADMIN_EMAILS: ["carol@example.test", "dan@example.test"],
      ADMIN_GROUPS: ["notes-admins", "Ops Team"],
    });
    expect(problems({ ...provider, ADMIN_EMAILS: "carol@example.test, carol" })).toEqual([
      "ADMIN_EMAILS.1: must be email addresses separated by commas",
    ]);
    expect(problems({ ADMIN_GROUPS: "notes-admins" })).toEqual([
      "ADMIN_EMAILS: ADMIN_EMAILS and ADMIN_GROUPS need OIDC_ISSUER (people sign in there)",
    ]);
    expect(problems({ ADMIN_EMAILS: "" })).toEqual([]);
  });

  it("let CREATE_REQUIRES_SIGN_IN on only with a provider", () => {
    expect(problems({ ...provider, CREATE_REQUIRES_SIGN_IN: "1" })).toEqual([]);
    expect(problems({ CREATE_REQUIRES_SIGN_IN: "1" })).toEqual([
      "CREATE_REQUIRES_SIGN_IN: needs a provider: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET",
    ]);
    expect(problems({ CREATE_REQUIRES_SIGN_IN: "yes" })).toEqual(["CREATE_REQUIRES_SIGN_IN: must be 0 or 1"]);
  });
});
