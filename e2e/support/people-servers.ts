import type { Page } from "@playwright/test";
import pg from "pg";
import { createTestDatabase, type TestDatabase } from "../../lib/test/database";
import {
  freePort,
  makeCertificate,
  signInAtProvider,
  startProvider,
  type TestClient,
  type TestProvider,
} from "./oidc-provider";
import { startServer, type ServerProcess } from "./server-process";

// The people specs' setup: servers that sign in at real OpenID Connect providers (oidc-provider over
// https, trusted through NODE_EXTRA_CA_CERTS), on a database of their own, so that a dump of it holds
// the spec's rows alone. Ports come from the system's ephemeral range.

export type PeopleServers = {
  database: TestDatabase;
  sql: pg.Pool;
  providers: TestProvider[];
  servers: ServerProcess[];
  stop: () => Promise<void>;
};

/**
 * One server per entry of `clients`: server i signs in at provider i, which knows the clients that
 * `clients[i]` makes from every server's redirect URI. `env` is added to each server's settings.
 */
export async function startPeopleServers(options: {
  databaseName: string;
  clientId: string;
  clientSecret: string;
  clients: ((redirects: string[]) => TestClient[])[];
  env?: Record<string, string>;
}): Promise<PeopleServers> {
  const certificate = await makeCertificate();
  const database = await createTestDatabase(options.databaseName);
  const sql = new pg.Pool({ connectionString: database.url, max: 2 });
  const urls = await Promise.all(options.clients.map(async () => `http://127.0.0.1:${await freePort()}`));
  const redirects = urls.map((url) => `${url}/auth/callback`);
  const providers = await Promise.all(
    options.clients.map((clients) => startProvider(certificate, clients(redirects))),
  );
  const started = await Promise.allSettled(
    urls.map((url, index) =>
      startServer({
        port: Number(new URL(url).port),
        env: {
          DATABASE_URL: database.url,
          PUBLIC_URL: url,
          OIDC_ISSUER: providers[index]!.issuer,
          OIDC_CLIENT_ID: options.clientId,
          OIDC_CLIENT_SECRET: options.clientSecret,
          NODE_EXTRA_CA_CERTS: certificate.certFile,
          ...options.env,
        },
      }),
    ),
  );
  const servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const stop = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all(providers.map((provider) => provider.stop()));
    await sql.end();
    await database.drop();
  };
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { database, sql, providers, servers, stop };
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
  const callback = page.waitForResponse((response) => response.url().startsWith(`${app}/auth/callback`));
  await page.getByRole("link", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.href.startsWith(issuer));
  await signInAtProvider(page, login);
  return callback;
}
