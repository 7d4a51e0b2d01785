import type { Page, Response } from "@playwright/test";
import type { TestDatabase } from "../../lib/test/database";
import { signInAtProvider, type TestCertificate } from "./oidc-provider";
import { startServer, type ServerProcess } from "./server-process";

// What the people specs share: a server of theirs that signs people in at a test provider
// (oidc-provider.ts), and a sign-in through it in Chromium.

/** The client every people spec registers at its providers. */
export const peopleClient = { client_id: "notes", client_secret: "people-spec-client-secret" };

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
  return startServer({
    port: options.port,
    env: {
      DATABASE_URL: options.database.url,
      PUBLIC_URL: options.publicUrl,
      OIDC_ISSUER: options.issuer,
      OIDC_CLIENT_ID: peopleClient.client_id,
      OIDC_CLIENT_SECRET: peopleClient.client_secret,
      NODE_EXTRA_CA_CERTS: options.certificate.certFile,
    },
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
