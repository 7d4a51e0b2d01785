import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { generateRequestKeys } from "../../lib/crypto/request-envelope";
import { expect, test } from "../support/fixtures";
import { accountOf } from "../support/oidc-provider";
import { notesCli } from "../support/notes-cli";
import { peopleClient, signInFrom, startPeopleServers, type PeopleServers } from "../support/people-servers";
import { timeouts } from "../support/timeouts";

// Who creates, and what is theirs: a server with CREATE_REQUIRES_SIGN_IN=1 signing people in at a
// real provider (e2e/support/people-servers.ts). Alice and Bob each sign in in a browser of their
// own; each sees and manages only what they created, through the pages, the API and the CLI.
test.describe.configure({ mode: "serial" });
test.use({ ignoreHTTPSErrors: true });

const adminSecret = "people-own-spec-admin-secret";
let setup: PeopleServers | undefined;
const people: Record<string, Page> = {};

test.beforeAll(async () => {
  test.setTimeout(timeouts.serverTest);
  setup = await startPeopleServers({
    databaseName: "people_own",
    clients: [(redirects) => [{ ...peopleClient, redirect_uris: redirects }]],
    env: { CREATE_REQUIRES_SIGN_IN: "1", ADMIN_SECRET: adminSecret },
  });
});
test.afterAll(async () => {
  for (const page of Object.values(people)) await page.context().close();
  await setup?.stop();
});

const app = () => setup?.servers[0]?.url ?? "";
const sameSite = () => ({ origin: app(), "sec-fetch-site": "same-origin" });
const codeOf = async (response: { json: () => Promise<unknown> }) =>
  ((await response.json()) as { error: string }).error;

/** A browser of the person's own, signed in from the create page, which it comes back to. */
async function signedIn(browser: Browser, login: string): Promise<Page> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const page = await context.newPage();
  const callback = await signInFrom(page, {
    app: app(),
    issuer: setup!.providers[0]!.issuer,
    login,
    path: "/",
  });
  expect(callback.status()).toBe(303);
  await expect(page).toHaveURL(`${app()}/`);
  people[login] = page;
  return page;
}

/** Creates a note as the person signed in to `request`'s cookie jar, as the create page does. */
async function createAs(request: APIRequestContext, body: object = { content: "mine", ttl: "1h" }) {
  const response = await request.post(`${app()}/api/v1/shares`, { headers: sameSite(), data: body });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; links?: { id: string; label: string }[] };
}

/** The ids of the notes /me lists, in its order. */
async function listedNotes(page: Page): Promise<string[]> {
  await page.goto(`${app()}/me`);
  const rows = page.getByRole("table", { name: "Your notes" }).locator("tbody tr");
  return rows.evaluateAll((found) => found.map((row) => row.getAttribute("data-note") ?? ""));
}

const ownersOf = async (ids: string[]) =>
  (
    await setup!.sql.query<{ id: string; subject: string | null }>(
      "SELECT s.id, p.subject FROM shares s LEFT JOIN people p ON p.id = s.created_by WHERE s.id = ANY($1)",
      [ids],
    )
  ).rows.map((row) => [row.id, row.subject]);

test("signed out, the create pages offer sign-in instead of a key, and the API answers 401 sign_in_required", async ({
  page,
}) => {
  await page.goto(`${app()}/`);
  await expect(page.locator("#sign-in-required").getByRole("link", { name: "Sign in" })).toHaveAttribute(
    "href",
    "/auth/sign-in?return_to=/",
  );
  await expect(page.locator("#api_key")).toHaveCount(0);
  await page.goto(`${app()}/requests/new`);
  await expect(page.locator("#sign-in-required").getByRole("link", { name: "Sign in" })).toHaveAttribute(
    "href",
    "/auth/sign-in?return_to=/requests/new",
  );

  for (const path of ["/api/v1/shares", "/api/v1/requests"]) {
    const refused = await page.request.post(`${app()}${path}`, { data: { content: "x", ttl: "1h" } });
    expect([path, refused.status(), await codeOf(refused)]).toEqual([path, 401, "sign_in_required"]);
  }
  const { rows } = await setup!.sql.query("SELECT count(*)::int AS n FROM shares");
  expect(rows[0].n).toBe(0);

  // The OpenAPI document of this server names both answers of its creates.
  type Document = { paths: Record<string, { post: { responses: Record<string, { description: string }> } }> };
  const document = (await (await page.request.get(`${app()}/api/v1/openapi.json`)).json()) as Document;
  for (const path of ["/api/v1/shares", "/api/v1/requests"]) {
    const { responses } = document.paths[path]!.post;
    expect(responses["401"]!.description).toMatch(/: bad_api_key, sign_in_required$/);
    expect(responses["403"]!.description).toMatch(/: cross_site_request$/);
  }
});

test("signed in, Alice creates on the page with no key field, and the note is hers on /me", async ({
  browser,
}) => {
  const page = await signedIn(browser, "alice");
  await expect(page.locator("#sign-in-required")).toHaveCount(0);
  await expect(page.locator("#api_key")).toHaveCount(0);
  await page.getByLabel("Text").fill("from the page");
  await page.getByRole("button", { name: "Create note" }).click();
  await expect(page.getByRole("heading", { name: "Your note is ready" })).toBeVisible();
  const url = new URL(await page.getByRole("textbox", { name: "Link" }).inputValue());
  const id = url.pathname.slice(1);
  expect(await listedNotes(page)).toEqual([id]);
  expect(await ownersOf([id])).toEqual([[id, "alice"]]);
  await expect(page.getByRole("table", { name: "Your notes" }).locator("tbody tr")).toContainText([
    `${id.slice(0, 4)}…Unread`,
  ]);
  await expect(page.getByText("from the page")).toHaveCount(0);
});

test("a create with Alice's cookie from another site is refused and stores nothing", async () => {
  const cookie = (await people.alice!.context().cookies(app())).find(({ name }) => name === "notes_session");
  const before = await setup!.sql.query("SELECT count(*)::int AS n FROM shares");
  const crossSite = await fetch(`${app()}/api/v1/shares`, {
    method: "POST",
    headers: {
      origin: "https://evil.test",
      cookie: `${cookie!.name}=${cookie!.value}`,
      "content-type": "application/json",
    },
    body: JSON.stringify({ content: "forged", ttl: "1h" }),
  });
  expect([crossSite.status, await codeOf(crossSite)]).toEqual([403, "cross_site_request"]);
  const after = await setup!.sql.query("SELECT count(*)::int AS n FROM shares");
  expect(after.rows[0].n).toBe(before.rows[0].n);
});

test("a personal key from /me creates as Alice through the API and the CLI; revoked, it is refused", async () => {
  const page = people.alice!;
  await page.goto(`${app()}/me`);
  await page.getByLabel("Key label").fill("laptop");
  await page.getByRole("button", { name: "Issue key" }).click();
  const key = await page.getByLabel("New API key").inputValue();
  expect(key).toMatch(/^nsk_[A-Za-z0-9]{43}$/);

  const viaApi = await fetch(`${app()}/api/v1/shares`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify({ content: "through the API", ttl: "1h" }),
  });
  expect(viaApi.status).toBe(201);
  const apiId = ((await viaApi.json()) as { id: string }).id;
  const cli = await notesCli(["create", "--server", app()], {
    input: "through the CLI",
    env: { NOTES_API_KEY: key },
  });
  expect([cli.code, cli.stderr]).toEqual([0, ""]);
  const cliId = new URL(cli.stdout.trim().split("\n")[0] ?? "").pathname.slice(1);
  const listed = await listedNotes(page);
  expect(listed.slice(0, 2).sort()).toEqual([apiId, cliId].sort());
  expect(listed).toHaveLength(3);
  expect(await ownersOf([apiId, cliId])).toEqual(
    expect.arrayContaining([
      [apiId, "alice"],
      [cliId, "alice"],
    ]),
  );

  // The admin page names the key's owner, and "Issued by an admin" for the admin's own key.
  const admin = await page.context().browser()!.newContext();
  const adminPage = await admin.newPage();
  await adminPage.goto(`${app()}/admin`);
  await adminPage.getByLabel("Admin secret").fill(adminSecret);
  await adminPage.getByRole("button", { name: "Sign in" }).click();
  await adminPage.getByLabel("Key label").fill("admins-own");
  await adminPage.getByRole("button", { name: "Issue key" }).click();
  await expect(adminPage.getByLabel("New API key")).toBeVisible();
  const table = adminPage.getByRole("table", { name: "API keys" });
  await expect(table.getByRole("row").filter({ hasText: "laptop" })).toContainText(accountOf("alice").name);
  await expect(table.getByRole("row").filter({ hasText: "admins-own" })).toContainText("Issued by an admin");
  await admin.close();

  await page.goto(`${app()}/me`);
  await page.getByRole("row").filter({ hasText: "laptop" }).getByRole("button", { name: "Revoke…" }).click();
  await page.getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByRole("row").filter({ hasText: "laptop" }).getByRole("button")).toHaveCount(0);
  const revoked = await fetch(`${app()}/api/v1/shares`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify({ content: "too late", ttl: "1h" }),
  });
  expect([revoked.status, await codeOf(revoked)]).toEqual([401, "bad_api_key"]);
});

test("Bob sees only his own notes and requests, and Alice's id answers him 404", async ({ browser }) => {
  const bob = await signedIn(browser, "bob");
  const mine = await createAs(bob.request);
  expect(await listedNotes(bob)).toEqual([mine.id]);
  const alices = await listedNotes(people.alice!);
  expect(alices).not.toContain(mine.id);
  const theirs = alices[0]!;
  const events = await bob.request.get(`${app()}/api/v1/shares/${theirs}/events`, { headers: sameSite() });
  const removal = await bob.request.delete(`${app()}/api/v1/shares/${theirs}`, { headers: sameSite() });
  expect([events.status(), removal.status()]).toEqual([404, 404]);
  expect([await codeOf(events), await codeOf(removal)]).toEqual(["not_found", "not_found"]);
  await bob.goto(`${app()}/me/notes/${theirs}`);
  await expect(bob.getByText("Nothing to show")).toBeVisible();
  expect(await listedNotes(people.alice!)).toEqual(alices);

  // Alice's key is not Bob's to revoke; /me's actions are refused cross-site and without a session.
  const { rows } = await setup!.sql.query<{ id: string }>(
    "SELECT k.id FROM api_keys k JOIN people p ON p.id = k.person_id WHERE p.subject = 'alice'",
  );
  const aliceKey = `${app()}/me/api/keys/${rows[0]!.id}/revoke`;
  const notHis = await bob.request.post(aliceKey, { headers: sameSite() });
  expect([notHis.status(), await codeOf(notHis)]).toEqual([404, "not_found"]);
  const crossSite = await bob.request.post(`${app()}/me/api/keys`, {
    headers: { origin: "https://evil.test" },
    data: { label: "forged" },
  });
  expect([crossSite.status(), await codeOf(crossSite)]).toEqual([403, "cross_site_request"]);
  const signedOut = await fetch(`${app()}/me/api/keys`, {
    method: "POST",
    headers: { ...sameSite(), "content-type": "application/json" },
    body: JSON.stringify({ label: "nobody's" }),
  });
  expect([signedOut.status, await codeOf(signedOut)]).toEqual([401, "sign_in_required"]);

  const keys = await generateRequestKeys();
  const request = await bob.request.post(`${app()}/api/v1/requests`, {
    headers: sameSite(),
    data: {
      title: "Bob's Wi-Fi password",
      ttl: "1h",
      public_key: keys.publicKey,
      owner_proof: keys.ownerProof,
    },
  });
  expect(request.status()).toBe(201);
  await bob.goto(`${app()}/me`);
  const requests = bob.getByRole("table", { name: "Your requests" }).locator("tbody tr");
  await expect(requests).toHaveCount(1);
  await expect(requests).toContainText("Bob's Wi-Fi password");
  await expect(requests).toContainText("0 / 1");
  await people.alice!.goto(`${app()}/me`);
  await expect(people.alice!.getByText("No requests yet.")).toBeVisible();
});

test("Alice deletes from /me and revokes one recipient's link", async () => {
  const page = people.alice!;
  const sent = await createAs(page.request, { content: "for two", ttl: "1h", recipients: ["Carol", "Dave"] });
  await page.goto(`${app()}/me/notes/${sent.id}`);
  const links = page.getByRole("region", { name: "Recipients' links" }).getByRole("listitem");
  await expect(links).toHaveCount(2);
  page.once("dialog", (dialog) => void dialog.accept());
  await links.filter({ hasText: "Carol" }).getByRole("button", { name: "Revoke" }).click();
  await expect(links).toHaveCount(1);
  await expect(links).toContainText("Dave");
  const carol = sent.links!.find((link) => link.label === "Carol")!;
  const read = await fetch(`${app()}/api/v1/shares/${carol.id}/read`, { method: "POST" });
  expect(read.status).toBe(404);

  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Delete now" }).click();
  // Carol's link, revoked before; then Dave's link and the note as a whole.
  const deleted = page.locator('tr[data-event="deleted"]');
  await expect(deleted).toHaveCount(3);
  await expect(deleted.filter({ hasText: "Everyone" })).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Delete now" })).toHaveCount(0);
  await page.goto(`${app()}/me`);
  await expect(page.locator(`tr[data-note="${sent.id}"]`)).toContainText("Deleted");
});
