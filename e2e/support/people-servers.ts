import type { Page, Response } from "@playwright/test";
import type { TestCertificate } from "./oidc-provider";
import { signInAtProvider } from "./oidc-provider";

// What the people specs share: the client the service is registered as at the test providers, a
// server's settings for one of them, and signing in from /me as a browser does.

export const testClient = { client_id: "notes", client_secret: "people-spec-client-secret" };

/** A server's settings to sign people in at `issuer`, on `database`, reached at `url`. */
export function providerEnv(options: {
  database: string;
  url: string;
  issuer: string;
  certificate: TestCertificate;
}): Record<string, string> {
  return {
    DATABASE_URL: options.database,
    PUBLIC_URL: options.url,
    OIDC_ISSUER: options.issuer,
    OIDC_CLIENT_ID: testClient.client_id,
    OIDC_CLIENT_SECRET: testClient.client_secret,
    NODE_EXTRA_CA_CERTS: options.certificate.certFile,
  };
}

/** Signs in on the server at `app` from its /me page as `login`, at `issuer`; the callback's answer. */
export async function signInFromMe(
  page: Page,
  app: string,
  issuer: string,
  login: string,
): Promise<Response> {
  await page.goto(`${app}/me`);
  const callback = page.waitForResponse((response) => response.url().startsWith(`${app}/auth/callback`));
  await page.getByRole("link", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.href.startsWith(issuer));
  await signInAtProvider(page, login);
  return callback;
}
