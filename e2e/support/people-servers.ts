import type { Page, Response } from "@playwright/test";
import pg from "pg";
import { closePool, createTestDatabase, type TestDatabase } from "../../lib/test/database";
import {
  freePort,
  makeCertificate,
  signInAtProvider,
  startProvider,
  type ProviderOptions,
  type TestCertificate,
  type TestClient,
  type TestProvider,
} from "./oidc-provider";
import { expect } from "./fixtures";
import { startServer, type ServerProcess } from "./server-process";

// What the people specs share: the client the service is registered as at the test providers
// (oidc-provider.ts, over https, trusted through NODE_EXTRA_CA_CERTS), a server's settings for one
// of them, servers on a database of their own (so that a dump of it holds the spec's rows alone),
// and signing in through a provider in Chromium. Ports come from the system's ephemeral range.

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

/**
 * Signs in as `login` from the sign-in link of `path` on `app` (a page that offers one), at the
 * provider of `issuer`: the callback's answer, once the browser is back.
 */
export async function signInFrom(
  page: Page,
  options: { app: string; issuer: string; login: string; path: string },
) {
  const { app, issuer, login, path } = options;
  await page.goto(`${app}${path}`);
  return signInThrough(page, {
    app,
    issuer,
    login,
    start: () => page.getByRole("link", { name: "Sign in" }).click(),
  });
}

/** Signs in on the server at `app` from its /me page as `login`, at `issuer`; the callback's answer. */
export const signInFromMe = (page: Page, app: string, issuer: string, login: string): Promise<Response> =>
  signInFrom(page, { app, issuer, login, path: "/me" });

/** The admin page of the server at `app` as `page` sees it: the administrator's page, or the secret's sign-in form. */
export async function adminPageOf(page: Page, app: string): Promise<"admin" | "sign-in form"> {
  const response = await page.goto(`${app}/admin`);
  expect(response?.status()).toBe(200);
  const signInForm = page.getByLabel("Admin secret");
  const keys = page.getByRole("heading", { name: "API keys" });
  await expect(signInForm.or(keys)).toBeVisible();
  return (await keys.isVisible()) ? "admin" : "sign-in form";
}

export type PeopleServers = {
  database: TestDatabase;
  sql: pg.Pool;
  providers: TestProvider[];
  servers: ServerProcess[];
  stop: () => Promise<void>;
};

/**
 * One server per entry of `clients`, on a database of their own: server i signs in at provider i,
 * which knows the clients that `clients[i]` makes from every server's redirect URI and is started
 * with `provider`. `env` is added to each server's settings.
 */
export async function startPeopleServers(options: {
  databaseName: string;
  clients: ((redirects: string[]) => TestClient[])[];
  env?: Record<string, string>;
  provider?: ProviderOptions;
}): Promise<PeopleServers> {
  const certificate = await makeCertificate();
  const database = await createTestDatabase(options.databaseName);
  const sql = new pg.Pool({ connectionString: database.url, max: 2 });
  const urls = await Promise.all(options.clients.map(async () => `http://127.0.0.1:${await freePort()}`));
  const redirects = urls.map((url) => `${url}/auth/callback`);
  const providers = await Promise.all(
    options.clients.map((clients) => startProvider(certificate, clients(redirects), options.provider)),
  );
  const started = await Promise.allSettled(
    urls.map((url, index) =>
      startServer({
        port: Number(new URL(url).port),
        env: {
          ...providerEnv({ database: database.url, url, issuer: providers[index]!.issuer, certificate }),
          ...options.env,
        },
      }),
    ),
  );
  const servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const stop = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all(providers.map((provider) => provider.stop()));
    await closePool(sql);
    await database.drop();
    await certificate.remove();
  };
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { database, sql, providers, servers, stop };
}
