import type { Page, Response } from "@playwright/test";
import type { TestDatabase } from "../../lib/test/database";
import { signInAtProvider, type TestCertificate } from "./oidc-provider";
import { startServer, type ServerProcess } from "./server-process";

// What the people specs share: the client the service is registered as at the test providers
// (oidc-provider.ts), a server's settings for one of them, and signing in through it in Chromium.

/** The client every people spec registers at its providers. */
export const peopleClient = { client_id: "notes", client_secret: "people-spec-client-secret" };

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
    OIDC_CLIENT_ID: peopleClient.client_id,
    OIDC_CLIENT_SECRET: peopleClient.client_secret,
    NODE_EXTRA_CA_CERTS: options.certificate.certFile,
  };
}

/**
 * Starts a server on `port` signing people in at `issuer` as peopleClient, on the spec's own
 * database, trusting the provider's certificate. `publicUrl` is where browsers reach it.
 */
export function startSignInServer(options: {
  port: number;
  publicUrl: string;
  issuer: string;
  database: TestDatabase;
  certificate: TestCertificate;
}): Promise<ServerProcess> {
  const { port, publicUrl, issuer, database, certificate } = options;
  return startServer({
    port,
    env: providerEnv({ database: database.url, url: publicUrl, issuer, certificate }),
  });
}

/**
 * Signs in as `login` once `start` has sent the browser to the provider at `issuer` (a click on a
 * sign-in link of the server at `app`): the callback's answer, which sends the browser on.
 */
export async function signInThrough(
  page: Page,
  options: { app: string; issuer: string; login: string; start: () => Promise<void> },
): Promise<Response> {
  const callback = page.waitForResponse((response) =>
    response.url().startsWith(`${options.app}/auth/callback`),
  );
  await options.start();
  await page.waitForURL((url) => url.href.startsWith(options.issuer));
  await signInAtProvider(page, options.login);
  return callback;
}

/** Signs in on the server at `app` from its /me page as `login`, at `issuer`; the callback's answer. */
export async function signInFromMe(
  page: Page,
  app: string,
  issuer: string,
  login: string,
): Promise<Response> {
  await page.goto(`${app}/me`);
  return signInThrough(page, {
    app,
    issuer,
    login,
    start: () => page.getByRole("link", { name: "Sign in" }).click(),
  });
}
