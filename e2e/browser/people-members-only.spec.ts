import { randomBytes } from "node:crypto";
import type { APIRequestContext, BrowserContext, Page, Request } from "@playwright/test";
import pg from "pg";
import { generateRequestKeys, sealAnswer } from "../../lib/crypto/request-envelope";
import { createTestDatabase, type TestDatabase } from "../../lib/test/database";
import { expect, test } from "../support/fixtures";
import { freePort, makeCertificate, startProvider, type TestProvider } from "../support/oidc-provider";
import { peopleClient, signInThrough, startSignInServer } from "../support/people-servers";
import type { ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";

// Notes and requests for members only (sign_in_required) against a real OpenID provider
// (oidc-provider over https, its login pages driven in Chromium), on a server and database of this
// spec's own: anonymous callers are refused with nothing spent, signed-in ones read as usual, and
// the viewer's round trip through the provider brings the reader back to the note with an
// end-to-end note's key kept in the browser, never sent to the server or the provider.
test.describe.configure({ mode: "serial" });
test.use({ ignoreHTTPSErrors: true });

let provider: TestProvider | undefined;
let server: ServerProcess | undefined;
let database: TestDatabase | undefined;
let sql: pg.Pool;

test.beforeAll(async () => {
  test.setTimeout(timeouts.serverTest);
  const certificate = await makeCertificate();
  database = await createTestDatabase("people_members_only");
  sql = new pg.Pool({ connectionString: database.url, max: 2 });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  provider = await startProvider(certificate, [{ ...peopleClient, redirect_uris: [`${url}/auth/callback`] }]);
  server = await startSignInServer({ port, publicUrl: url, issuer: provider.issuer, database, certificate });
});
test.afterAll(async () => {
  await server?.stop();
  await provider?.stop();
  await sql?.end();
  await database?.drop();
});

const app = () => server?.url ?? "";
type Json = Record<string, unknown>;

/** A note or request created through the API of this spec's server, as anyone may. */
async function post(request: APIRequestContext, path: string, data: Json): Promise<Json> {
  const response = await request.post(`${app()}${path}`, { data });
  expect(response.status(), JSON.stringify(await response.json())).toBe(201);
  return (await response.json()) as Json;
}

/** A fresh browser (no session here or at the provider), signed in as `login` from /me. */
async function signedInContext(context: BrowserContext, login: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${app()}/me`);
  const callback = await signInThrough(page, {
    app: app(),
    issuer: provider!.issuer,
    login,
    start: () => page.getByRole("link", { name: "Sign in" }).click(),
  });
  expect(callback.status()).toBe(303);
  return page;
}

async function counters(id: string) {
  const { rows } = await sql.query<{ read_count: number; failed_attempts: number; events: number }>(
    `SELECT read_count, failed_attempts,
            (SELECT count(*)::int FROM note_events WHERE share_id = $1 AND type <> 'created') AS events
     FROM shares WHERE id = $1`,
    [id],
  );
  return rows[0];
}

const refusal = async (response: { status: () => number; json: () => Promise<unknown> }) => [
  response.status(),
  ((await response.json()) as { error: string }).error,
];

test("anonymous meta and read are refused and spend nothing; a signed-in reader reads and burns", async ({
  browser,
  request,
}) => {
  const note = await post(request, "/api/v1/shares", {
    content: "members only",
    ttl: "1h",
    burn_after: 2,
    password: "right",
    burn_after_failures: 3,
    sign_in_required: true,
  });
  const id = String(note.id);
  expect(note.sign_in_required).toBe(true);
  expect(await refusal(await request.get(`${app()}/api/v1/shares/${id}/meta`))).toEqual([
    401,
    "sign_in_required",
  ]);
  for (const password of ["wrong", "right", undefined]) {
    const read = await request.post(`${app()}/api/v1/shares/${id}/read`, {
      data: password ? { password } : {},
    });
    expect(await refusal(read)).toEqual([401, "sign_in_required"]);
  }
  expect(await counters(id)).toEqual({ read_count: 0, failed_attempts: 0, events: 0 });

  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const member = (await signedInContext(context, "carol")).request;
  const meta = (await (await member.get(`${app()}/api/v1/shares/${id}/meta`)).json()) as Json;
  expect(meta).toMatchObject({ remaining_views: 2, password_attempts_left: 3, sign_in_required: true });
  const readWith = (password: string) =>
    member.post(`${app()}/api/v1/shares/${id}/read`, { data: { password } });
  expect(await refusal(await readWith("wrong"))).toEqual([401, "bad_password"]);
  const first = await readWith("right");
  expect(first.status()).toBe(200);
  expect(await first.json()).toMatchObject({ content: "members only", remaining_views: 1, burned: false });
  expect(await (await readWith("right")).json()).toMatchObject({ remaining_views: 0, burned: true });
  expect((await member.get(`${app()}/api/v1/shares/${id}/meta`)).status()).toBe(404);
  expect(await counters(id)).toEqual({ read_count: 2, failed_attempts: 1, events: 4 });

  // Recipients' links: the option is the note's, and every link has it.
  const sent = await post(request, "/api/v1/shares", {
    content: "to two",
    ttl: "1h",
    recipients: ["Ann", "Ben"],
    sign_in_required: true,
  });
  for (const link of sent.links as { id: string }[]) {
    expect(await refusal(await request.post(`${app()}/api/v1/shares/${link.id}/read`))).toEqual([
      401,
      "sign_in_required",
    ]);
    expect(await (await member.post(`${app()}/api/v1/shares/${link.id}/read`)).json()).toMatchObject({
      content: "to two",
    });
  }
  await context.close();
});

test("the viewer asks a signed-out reader to sign in and comes back to the note", async ({
  browser,
  request,
}) => {
  const note = await post(request, "/api/v1/shares", {
    content: "# Back from the provider",
    ttl: "1h",
    burn_after: 1,
    sign_in_required: true,
  });
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const page = await context.newPage();
  await page.goto(`${app()}/${String(note.id)}`);
  await expect(page.getByRole("heading", { name: "Sign in to read this note" })).toBeVisible();
  await expect(page.getByText("Back from the provider")).toHaveCount(0);
  const signIn = page.getByRole("link", { name: "Sign in to read" });
  await expect(signIn).toHaveAttribute("href", `/auth/sign-in?return_to=/${String(note.id)}`);
  await signInThrough(page, {
    app: app(),
    issuer: provider!.issuer,
    login: "dave",
    start: () => signIn.click(),
  });
  await expect(page).toHaveURL(`${app()}/${String(note.id)}`);
  await page.getByRole("button", { name: "Reveal note" }).click();
  await expect(page.getByRole("heading", { name: "Back from the provider" })).toBeVisible();
  await context.close();
});

/** A request as the server or the provider receives it: its URL, every header and its body. */
const asSent = async (request: Request) =>
  `${request.method()} ${request.url()}\n${JSON.stringify(await request.allHeaders())}\n${request.postData() ?? ""}`;

test("an end-to-end note's key stays in the browser across the sign-in", async ({ browser }) => {
  const text = `secret-${randomBytes(8).toString("hex")}`;
  const creator = await browser.newContext({ ignoreHTTPSErrors: true });
  const createPage = await creator.newPage();
  await createPage.goto(`${app()}/`);
  await createPage.getByLabel("Text").fill(text);
  await createPage.getByLabel("Only people signed in can open it").check();
  await createPage.getByRole("button", { name: "Create note" }).click();
  const link = await createPage.getByRole("textbox", { name: "Link" }).inputValue();
  await creator.close();
  const key = new URL(link).hash.slice(1);
  expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);

  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const requests: Request[] = [];
  context.on("request", (request) => requests.push(request));
  const page = await context.newPage();
  await page.goto(link);
  const signIn = page.getByRole("link", { name: "Sign in to read" });
  await signInThrough(page, {
    app: app(),
    issuer: provider!.issuer,
    login: "erin",
    start: () => signIn.click(),
  });
  await expect(page.getByText(text)).toBeVisible();
  expect(page.url()).toBe(link);
  expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
  const sent = await Promise.all(requests.map(asSent));
  await context.close();
  // What was recorded is the real traffic: the viewer twice, the provider's pages, the read.
  expect(sent.filter((line) => line.includes(` ${provider!.issuer}/`)).length).toBeGreaterThan(2);
  expect(sent.filter((line) => line.startsWith(`POST ${app()}/api/v1/shares/`)).length).toBe(1);
  for (const line of sent) expect(line).not.toContain(key);
});

test("a request for members only refuses anonymous answers; its page asks to sign in", async ({
  browser,
  request,
  page,
}) => {
  const keys = await generateRequestKeys();
  const created = await post(request, "/api/v1/requests", {
    title: "Members' token",
    ttl: "1d",
    public_key: keys.publicKey,
    owner_proof: keys.ownerProof,
    sign_in_required: true,
  });
  const id = String(created.id);
  expect(created.sign_in_required).toBe(true);
  const envelope = await sealAnswer("the token", { requestId: id, publicKey: keys.publicKey });
  expect(await refusal(await request.get(`${app()}/api/v1/requests/${id}`))).toEqual([
    401,
    "sign_in_required",
  ]);
  const anonymous = await request.post(`${app()}/api/v1/requests/${id}/answers`, { data: { envelope } });
  expect(await refusal(anonymous)).toEqual([401, "sign_in_required"]);
  const stored = async () =>
    (await sql.query("SELECT answer_count FROM requests WHERE id = $1", [id])).rows[0] as Json;
  expect(await stored()).toEqual({ answer_count: 0 });

  await page.goto(`${app()}/requests/${id}`);
  await expect(page.getByRole("heading", { name: "Sign in to answer this request" })).toBeVisible();
  await expect(page.getByText("Members' token")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Sign in to answer" })).toHaveAttribute(
    "href",
    `/auth/sign-in?return_to=/requests/${id}`,
  );

  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const member = (await signedInContext(context, "frank")).request;
  expect(await (await member.get(`${app()}/api/v1/requests/${id}`)).json()).toMatchObject({
    title: "Members' token",
  });
  expect((await member.post(`${app()}/api/v1/requests/${id}/answers`, { data: { envelope } })).status()).toBe(
    201,
  );
  expect(await stored()).toEqual({ answer_count: 1 });
  await context.close();
});

test("pages offer the option only with a provider; without one the API refuses it", async ({
  page,
  request,
}) => {
  await page.goto(`${app()}/requests/new`);
  await expect(page.getByLabel("Only people signed in can open it")).toBeVisible();
  // The shared server has no provider.
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Create note" })).toBeVisible();
  await expect(page.getByLabel("Only people signed in can open it")).toHaveCount(0);
  await page.goto("/requests/new");
  await expect(page.getByLabel("Only people signed in can open it")).toHaveCount(0);
  const note = await request.post("/api/v1/shares", {
    data: { content: "x", ttl: "1h", sign_in_required: true },
  });
  expect(await refusal(note)).toEqual([400, "sign_in_unavailable"]);
  const keys = await generateRequestKeys();
  const asked = await request.post("/api/v1/requests", {
    data: {
      title: "t",
      ttl: "1d",
      public_key: keys.publicKey,
      owner_proof: keys.ownerProof,
      sign_in_required: true,
    },
  });
  expect(await refusal(asked)).toEqual([400, "sign_in_unavailable"]);
});
