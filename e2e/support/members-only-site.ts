import type { APIRequestContext, Browser, Request } from "@playwright/test";
import type pg from "pg";
import { expect, test } from "./fixtures";
import { peopleClient, signInThrough, startPeopleServers, type PeopleServers } from "./people-servers";
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
  let setup: PeopleServers | undefined;
  test.beforeAll(async () => {
    test.setTimeout(timeouts.serverTest);
    setup = await startPeopleServers({
      databaseName: name,
      clients: [(redirects) => [{ ...peopleClient, redirect_uris: redirects }]],
    });
  });
  test.afterAll(async () => {
    await setup?.stop();
  });
  const app = () => setup?.servers[0]?.url ?? "";
  const issuer = () => setup?.providers[0]?.issuer ?? "";
  return {
    app,
    issuer,
    sql: () => setup!.sql,
    databaseUrl: () => setup?.database.url ?? "",
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
