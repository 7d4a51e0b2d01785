import type { Browser, Page } from "@playwright/test";
import pg from "pg";
import de from "../../messages/de.json" with { type: "json" };
import { closePool, createTestDatabase, type TestDatabase } from "../../lib/test/database";
import { expect, test } from "../support/fixtures";
import {
  accountOf,
  freePort,
  makeCertificate,
  startProvider,
  type TestCertificate,
  type TestProvider,
} from "../support/oidc-provider";
import { adminPageOf, providerEnv, signInFromMe, peopleClient } from "../support/people-servers";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";

// Administrators by the provider's word: ADMIN_EMAILS (verified emails only) and ADMIN_GROUPS, read
// afresh on every request; the audit log naming them; ending a person's sessions from /admin; and
// a failed sign-in's page for browsers. One provider and one server on a database of their own;
// the server is restarted on its port with other settings.
test.describe.configure({ mode: "serial" });
test.use({ ignoreHTTPSErrors: true });

const adminSecret = "people-admins-spec-secret";
let certificate: TestCertificate | undefined;
let provider: TestProvider;
let server: ServerProcess | undefined;
let database: TestDatabase | undefined;
let sql: pg.Pool;
let settings: Record<string, string>;
const people = new Map<string, Page>();

async function startWith(admins: Record<string, string>) {
  await server?.stop();
  server = await startServer({
    port: Number(new URL(settings.PUBLIC_URL!).port),
    env: { ...settings, ...admins },
  });
}

test.beforeAll(async () => {
  test.setTimeout(timeouts.serverTest);
  certificate = await makeCertificate();
  database = await createTestDatabase("people_admins");
  sql = new pg.Pool({ connectionString: database.url, max: 2 });
  const url = `http://127.0.0.1:${await freePort()}`;
  provider = await startProvider(certificate, [{ ...peopleClient, redirect_uris: [`${url}/auth/callback`] }]);
  settings = {
    ...providerEnv({ database: database.url, url, issuer: provider.issuer, certificate }),
    ADMIN_SECRET: adminSecret,
  };
  await startWith({ ADMIN_EMAILS: "Carol@example.test, unverified-erin@example.test", ADMIN_GROUPS: "ops" });
});
test.afterAll(async () => {
  await server?.stop();
  await provider?.stop();
  await closePool(sql);
  await database?.drop();
  await certificate?.remove();
});

const app = () => server?.url ?? "";

/** A browser of its own for `login`, signed in (kept for the later tests). */
async function signedIn(browser: Browser, login: string): Promise<Page> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const page = await context.newPage();
  expect((await signInFromMe(page, app(), provider.issuer, login)).status()).toBe(303);
  await expect(page.getByText(`Signed in as ${accountOf(login).name}.`)).toBeVisible();
  people.set(login, page);
  return page;
}

const personId = async (login: string) =>
  (await sql.query<{ id: string }>("SELECT id FROM people WHERE subject = $1", [login])).rows[0]?.id;

test("an unverified email on ADMIN_EMAILS is no administrator: the secret's form, nothing of theirs", async ({
  browser,
}) => {
  const page = await signedIn(browser, "unverified-erin");
  expect(await adminPageOf(page, app())).toBe("sign-in form");
  await expect(page.locator("body")).not.toContainText(accountOf("unverified-erin").name);
  const issued = await page.request.post(`${app()}/admin/api/keys`, {
    headers: { origin: app() },
    data: { label: "erin's" },
  });
  expect([issued.status(), ((await issued.json()) as { error: string }).error]).toEqual([
    401,
    "admin_session_required",
  ]);
});

test("a verified email on ADMIN_EMAILS administers, and the audit log names the person", async ({
  browser,
}) => {
  const page = await signedIn(browser, "carol");
  expect(await adminPageOf(page, app())).toBe("admin");
  await expect(
    page.getByText(`Signed in as ${accountOf("carol").name}, through your organisation's sign-in.`),
  ).toBeVisible();
  const crossSite = await page.request.post(`${app()}/admin/api/keys`, {
    headers: { origin: "https://evil.test" },
    data: { label: "cross-site" },
  });
  expect(crossSite.status()).toBe(403);
  const issued = await page.request.post(`${app()}/admin/api/keys`, {
    headers: { origin: app() },
    data: { label: "carol's key" },
  });
  expect(issued.status()).toBe(201);
  await page.reload();
  const row = page.locator('[data-action="key_issued"]');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute("data-actor", accountOf("carol").name);
  const { rows } = await sql.query("SELECT actor_person_id FROM admin_audit_log WHERE action = 'key_issued'");
  expect(rows).toEqual([{ actor_person_id: await personId("carol") }]);
});

test("a group on ADMIN_GROUPS administers", async ({ browser }) => {
  const page = await signedIn(browser, "ops-dan");
  expect(await adminPageOf(page, app())).toBe("admin");
});

test("ending a person's sessions on /admin signs them out at once, and is recorded", async ({ browser }) => {
  const dan = people.get("ops-dan")!;
  const otherDan = await signedIn(browser, "ops-dan");
  const carol = people.get("carol")!;
  await carol.goto(`${app()}/admin`);
  const row = carol.locator(`[data-person="${await personId("ops-dan")}"]`);
  await expect(row).toContainText(accountOf("ops-dan").name);
  await expect(row).toContainText(provider.issuer);
  await expect(row.getByRole("cell").nth(3)).toHaveText(/2$/);
  await row.getByRole("button", { name: "End sessions…" }).click();
  await carol.getByRole("button", { name: "End sessions", exact: true }).click();
  await expect(row.getByRole("cell").nth(3)).toHaveText(/0$/);

  for (const page of [dan, otherDan]) {
    await page.goto(`${app()}/me`);
    await expect(page.getByText("You are not signed in.")).toBeVisible();
  }
  expect(await adminPageOf(dan, app())).toBe("sign-in form");
  const { rows } = await sql.query(
    "SELECT subject, details, actor_person_id FROM admin_audit_log WHERE action = 'sessions_ended'",
  );
  expect(rows).toEqual([
    {
      subject: await personId("ops-dan"),
      details: { sessions: 2 },
      actor_person_id: await personId("carol"),
    },
  ]);
  await expect(carol.locator('[data-action="sessions_ended"]')).toHaveAttribute(
    "data-actor",
    accountOf("carol").name,
  );
});

test("leaving ADMIN_EMAILS takes effect at the next request, without signing in again", async () => {
  test.setTimeout(timeouts.serverTest);
  await startWith({ ADMIN_EMAILS: "unverified-erin@example.test" });
  const carol = people.get("carol")!;
  expect(await adminPageOf(carol, app())).toBe("sign-in form");
  await carol.goto(`${app()}/me`);
  await expect(carol.getByText(`Signed in as ${accountOf("carol").name}.`)).toBeVisible();
  const issued = await carol.request.post(`${app()}/admin/api/keys`, {
    headers: { origin: app() },
    data: { label: "no longer" },
  });
  expect(issued.status()).toBe(401);
});

test("a forged state's callback is a page in the reader's language, status 400; programs get JSON", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "de-DE" });
  const page = await context.newPage();
  const response = await page.goto(`${app()}/auth/callback?code=forged-code&state=forged-state`);
  expect(response?.status()).toBe(400);
  expect(response?.headers()["content-type"]).toBe("text/html; charset=utf-8");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(de.signInFailed.title);
  await expect(page.getByText(de.signInFailed.bad_sign_in_state)).toBeVisible();
  await expect(page.getByRole("link", { name: de.signInFailed.tryAgain })).toHaveAttribute(
    "href",
    "/auth/sign-in",
  );

  const offSite = await page.goto(`${app()}/auth/sign-in?return_to=${encodeURIComponent("//evil.test")}`);
  expect(offSite?.status()).toBe(400);
  await expect(page.getByText(de.signInFailed.bad_return_to)).toBeVisible();
  await expect(page.getByRole("link", { name: de.signInFailed.tryAgain })).toHaveAttribute(
    "href",
    "/auth/sign-in",
  );
  await context.close();

  const program = await fetch(`${app()}/auth/callback?code=forged-code&state=forged-state`);
  expect([program.status, ((await program.json()) as { error: string }).error]).toEqual([
    400,
    "bad_sign_in_state",
  ]);
});
