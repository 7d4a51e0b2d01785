import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import type { ProviderOptions } from "./oidc-provider";
import { peopleClient, signInFromMe, startPeopleServers, type PeopleServers } from "./people-servers";
import { timeouts } from "./timeouts";

// A spec with one server signing people in at a real provider (people-servers.ts), on a database of
// its own: registers the spec's beforeAll and afterAll, and signs people in from /me, each in a
// browser of their own that afterAll closes.

export function peopleSpec(options: {
  databaseName: string;
  /** the server's settings, once the spec's own services (an SMTP server, a receiver) are up */
  env: () => Promise<Record<string, string>>;
  /** stops the spec's own services, after the server */
  stop?: () => Promise<void>;
  /** how the provider hands out claims (oidc-provider.ts) */
  provider?: ProviderOptions;
}) {
  let setup: PeopleServers | undefined;
  const people: Record<string, Page> = {};
  test.beforeAll(async () => {
    test.setTimeout(timeouts.serverTest);
    setup = await startPeopleServers({
      databaseName: options.databaseName,
      clients: [(redirects) => [{ ...peopleClient, redirect_uris: redirects }]],
      env: await options.env(),
      provider: options.provider,
    });
  });
  test.afterAll(async () => {
    for (const page of Object.values(people)) await page.context().close();
    await setup?.stop();
    await options.stop?.();
  });
  const app = () => setup?.servers[0]?.url ?? "";
  return {
    app,
    /** the headers of a call from the site's own pages */
    sameSite: () => ({ origin: app(), "sec-fetch-site": "same-origin" }),
    sql: () => setup!.sql,
    issuer: () => setup?.providers[0]?.issuer ?? "",
    /** the pages of the people signed in so far, by login */
    people,
    /** A browser of the person's own, signed in from /me, which it comes back to. */
    signedIn: async (browser: Browser, login: string): Promise<Page> => {
      const context = await browser.newContext({ baseURL: app(), ignoreHTTPSErrors: true });
      const page = await context.newPage();
      expect((await signInFromMe(page, app(), setup!.providers[0]!.issuer, login)).status()).toBe(303);
      await expect(page).toHaveURL(`${app()}/me`);
      people[login] = page;
      return page;
    },
  };
}
