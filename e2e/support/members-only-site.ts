import type { APIRequestContext, Browser, Request } from "@playwright/test";
import pg from "pg";
import { createTestDatabase, type TestDatabase } from "../../lib/test/database";
import { expect, test } from "./fixtures";
import { freePort, makeCertificate, startProvider, type TestProvider } from "./oidc-provider";
import { peopleClient, signInThrough, startSignInServer } from "./people-servers";
import type { ServerProcess } from "./server-process";
import { timeouts } from "./timeouts";

// The site of the members-only specs (notes and requests for people signed in): a provider and a
// server signing in at it, on a database of the spec's own, started before its tests and stopped
// after them; and what those specs ask of it.

type Json = Record<string, unknown>;

export type MembersOnlySite = {
  /** the server's base URL */
  app: () => string;
  issuer: () => string;
  /** the spec's database */
  sql: () => pg.Pool;
  databaseUrl: () => string;
  /** POSTs `data` to `path` on the server, as anyone may; the answer of a create that must succeed */
  create: (request: APIRequestContext, path: string, data: Json) => Promise<Json>;
  /** A fresh browser context signed in as `login` from /me: its request context (with the cookie) */
  member: (
    browser: Browser,
    login: string,
  ) => Promise<{ request: APIRequestContext; close: () => Promise<void> }>;
};

/** Registers the hooks that start and stop the site, in a spec whose database is named `name`. */
export function membersOnlySite(name: string): MembersOnlySite {
  let provider: TestProvider | undefined;
  let server: ServerProcess | undefined;
  let database: TestDatabase | undefined;
  let sql: pg.Pool | undefined;
  test.beforeAll(async () => {
    test.setTimeout(timeouts.serverTest);
    const certificate = await makeCertificate();
    database = await createTestDatabase(name);
    sql = new pg.Pool({ connectionString: database.url, max: 2 });
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    provider = await startProvider(certificate, [
      { ...peopleClient, redirect_uris: [`${url}/auth/callback`] },
    ]);
    server = await startSignInServer({
      port,
      publicUrl: url,
      issuer: provider.issuer,
      database,
      certificate,
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await provider?.stop();
    await sql?.end();
    await database?.drop();
  });
  const app = () => server?.url ?? "";
  const issuer = () => provider?.issuer ?? "";
  return {
    app,
    issuer,
    sql: () => sql!,
    databaseUrl: () => database?.url ?? "",
    async create(request, path, data) {
      const response = await request.post(`${app()}${path}`, { data });
      expect(response.status(), JSON.stringify(await response.json())).toBe(201);
      return (await response.json()) as Json;
    },
    async member(browser, login) {
      const context = await browser.newContext({ ignoreHTTPSErrors: true });
      const page = await context.newPage();
      await page.goto(`${app()}/me`);
      const start = () => page.getByRole("link", { name: "Sign in" }).click();
      const callback = await signInThrough(page, { app: app(), issuer: issuer(), login, start });
      expect(callback.status()).toBe(303);
      return { request: page.request, close: () => context.close() };
    },
  };
}

/** An answer's status and error code: what a refusal is checked by. */
export const refusal = async (response: { status: () => number; json: () => Promise<unknown> }) => [
  response.status(),
  ((await response.json()) as { error: string }).error,
];

/** A request as the server or the provider receives it: its URL, every header and its body. */
export const asSent = async (request: Request) =>
  `${request.method()} ${request.url()}\n${JSON.stringify(await request.allHeaders())}\n${request.postData() ?? ""}`;
