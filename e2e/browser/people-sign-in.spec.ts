import type { Page } from "@playwright/test";
import en from "../../messages/en.json" with { type: "json" };
import { dumpDatabase } from "../support/dump-database";
import { expect, test } from "../support/fixtures";
import { accountOf, signInAtProvider } from "../support/oidc-provider";
import {
  peopleClient as client,
  signInFromMe,
  startPeopleServers,
  type PeopleServers,
} from "../support/people-servers";
import { timeouts } from "../support/timeouts";

// Signing in through a real OpenID Connect provider (oidc-provider over https, its development
// login pages driven in Chromium). Server A signs in at provider A, server B at provider B, both on
// a database of their own, so that its dump holds this spec's rows alone (the shared one holds
// gigabytes of other specs' files). Provider A also knows another client, and provider B the same client
// id and redirect URI as A, so that a code from the wrong client or issuer reaches A's callback
// with a state A issued: each must fail with its documented answer and sign nobody in. Ports come
// from the system's ephemeral range.
test.describe.configure({ mode: "serial" });
test.use({ ignoreHTTPSErrors: true });

let setup: PeopleServers | undefined;
/** Every code, state and session token the tests saw: none may reach a log line. */
const secrets: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(timeouts.serverTest);
  setup = await startPeopleServers({
    databaseName: "people_sign_in",
    clients: [
      (redirects) => [
        { ...client, redirect_uris: [redirects[0]!] },
        { client_id: "other-client", client_secret: "other-client-secret", redirect_uris: [redirects[0]!] },
      ],
      (redirects) => [{ ...client, redirect_uris: redirects }],
    ],
  });
});
test.afterAll(async () => {
  await setup?.stop();
});

const app = (index = 0) => setup?.servers[index]?.url ?? "";
const issuer = (index = 0) => setup?.providers[index]?.issuer ?? "";
const servers = () => setup?.servers ?? [];
const sql = () => setup!.sql;

/** Keeps the code and state of a callback URL, to look for them in the logs later. */
function remember(callbackUrl: string): void {
  const params = new URL(callbackUrl).searchParams;
  for (const name of ["code", "state"]) secrets.push(params.get(name) ?? "");
}

/** Signs in on a server from its /me page as `login`; the callback's answer. */
async function signIn(page: Page, login: string, server = 0) {
  const response = await signInFromMe(page, app(server), issuer(server), login);
  remember(response.url());
  return response;
}

/** Starts a sign-in on server A, alters the provider's URL, signs in there: the callback's page. */
async function alteredSignIn(page: Page, alter: (url: URL) => void) {
  const started = await page.request.get(`${app()}/auth/sign-in`, { maxRedirects: 0 });
  const url = new URL(started.headers().location ?? "");
  alter(url);
  const callback = page.waitForResponse((response) => response.url().startsWith(`${app()}/auth/callback`));
  await page.goto(url.href);
  await signInAtProvider(page, "mallory");
  const response = await callback;
  remember(response.url());
  return { status: response.status(), text: await page.locator("main p").first().textContent() };
}

const sessionsOf = async (subject: string) => {
  const query =
    "SELECT s.token_hash FROM person_sessions s JOIN people p ON p.id = s.person_id WHERE p.subject = $1";
  return (await sql().query(query, [subject])).rowCount;
};

test("signs in at the provider and back on /me, with an HttpOnly, SameSite=Lax session cookie", async ({
  page,
}) => {
  await page.goto(`${app()}/me`);
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute(
    "href",
    "/auth/sign-in?return_to=/me",
  );
  await expect(page.getByRole("button", { name: "Sign out" })).toHaveCount(0);

  const response = await signIn(page, "alice");
  expect(response.status()).toBe(303);
  const [session, signInOver, ...more] = (await response.headerValues("set-cookie")).map((cookie) =>
    cookie.split("; "),
  );
  const token = /^notes_session=([A-Za-z0-9_-]{43})$/.exec(session?.[0] ?? "")?.[1] ?? "";
  secrets.push(token);
  expect(token).not.toBe("");
  expect(session?.filter((part) => !/^(notes_session|Expires|Max-Age)=/.test(part))).toEqual([
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
  ]);
  // The cookie that bound the sign-in to this browser is cleared: the sign-in is over.
  expect(signInOver).toEqual(["notes_sign_in=", "Path=/auth", "Max-Age=0", "HttpOnly", "SameSite=Lax"]);
  expect(more).toEqual([]);
  await expect(page).toHaveURL(`${app()}/me`);
  // (The provider's own cookies are on 127.0.0.1 too: a cookie knows no port.)
  const ours = (await page.context().cookies(`${app()}/auth/callback`)).filter((cookie) =>
    cookie.name.startsWith("notes_"),
  );
  expect(ours.map((cookie) => cookie.name)).toEqual(["notes_session"]);
  await expect(page.getByText(`Signed in as ${accountOf("alice").name}.`)).toBeVisible();
  expect(await sessionsOf("alice")).toBe(1);

  // The same callback again (its code, its state, the same browser): the sign-in was used up.
  const replayed = await page.request.get(response.url());
  expect(replayed.status()).toBe(400);
  expect(((await replayed.json()) as { error: string }).error).toBe("bad_sign_in_state");
  // An unknown state is no sign-in of this browser's: it clears nothing.
  expect(replayed.headers()["set-cookie"]).toBe(undefined);
  expect(await sessionsOf("alice")).toBe(1);

  // Signing out from another site is refused; from /me it ends the session on the server.
  const crossSite = await fetch(`${app()}/auth/sign-out`, {
    method: "POST",
    headers: { origin: "https://evil.test", cookie: `notes_session=${token}` },
    redirect: "manual",
  });
  expect(crossSite.status).toBe(403);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${app()}/`);
  expect(await sessionsOf("alice")).toBe(0);
  const withOldCookie = await fetch(`${app()}/me`, { headers: { cookie: `notes_session=${token}` } });
  const html = await withOldCookie.text();
  expect(html).toContain("You are not signed in.");
  expect(html).not.toContain(accountOf("alice").name);
});

test("a forged state, the provider's refusal and an off-site return_to sign nobody in", async ({ page }) => {
  const noRedirect = { maxRedirects: 0 };
  for (const returnTo of ["https://evil.test/", "//evil.test", "/\\evil.test", "evil.test"]) {
    const query = new URLSearchParams({ return_to: returnTo });
    const refused = await page.request.get(`${app()}/auth/sign-in?${query}`, noRedirect);
    expect([refused.status(), refused.headers().location], returnTo).toEqual([400, undefined]);
    expect(((await refused.json()) as { error: string }).error).toBe("bad_return_to");
  }

  const started = await page.request.get(`${app()}/auth/sign-in?return_to=/requests/new`, noRedirect);
  expect(started.status()).toBe(302);
  const location = new URL(started.headers().location ?? "");
  expect(location.origin).toBe(issuer());
  expect(location.searchParams.get("code_challenge_method")).toBe("S256");
  expect(location.searchParams.get("redirect_uri")).toBe(`${app()}/auth/callback`);
  for (const name of ["state", "nonce", "code_challenge"])
    expect(location.searchParams.get(name)).toBeTruthy();
  const state = location.searchParams.get("state") ?? "";
  secrets.push(state);

  const forged = await page.request.get(`${app()}/auth/callback?code=forged-code&state=forged-state`);
  expect(forged.status()).toBe(400);
  expect(((await forged.json()) as { error: string }).error).toBe("bad_sign_in_state");

  const query = new URLSearchParams({ error: "access_denied", state, iss: issuer() });
  // The forged callback left the sign-in under way alone: its own state still reaches the refusal,
  // which ends it and clears the cookie that bound it to this browser.
  const denied = await page.request.get(`${app()}/auth/callback?${query}`);
  expect(denied.status()).toBe(403);
  expect(((await denied.json()) as { error: string }).error).toBe("sign_in_denied");
  expect(denied.headers()["set-cookie"]).toBe(
    "notes_sign_in=; Path=/auth; Max-Age=0; HttpOnly; SameSite=Lax",
  );
  expect((await page.context().cookies(app())).map((cookie) => cookie.name)).not.toContain("notes_session");
});

const alterations: [string, (url: URL) => void][] = [
  ["a wrong nonce", (url) => url.searchParams.set("nonce", "another-nonce")],
  ["another issuer's code", (url) => void (url.host = new URL(issuer(1)).host)],
  ["a code for another client", (url) => url.searchParams.set("client_id", "other-client")],
];
for (const [name, alter] of alterations) {
  test(`${name} fails its check and signs nobody in`, async ({ page }) => {
    const answer = await alteredSignIn(page, alter);
    expect(answer).toEqual({ status: 400, text: en.signInFailed.sign_in_failed });
    const { rows } = await sql().query("SELECT 1 FROM people WHERE subject = 'mallory'");
    expect(rows).toEqual([]);
  });
}

test("the same email from two issuers is two people", async ({ browser }) => {
  for (const server of [0, 1]) {
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    expect((await signIn(page, "bob", server)).status()).toBe(303);
    await expect(page.getByText(`Signed in as ${accountOf("bob").name}.`)).toBeVisible();
    await context.close();
  }
  const { rows } = await sql().query<{ id: string; issuer: string; email: string }>(
    "SELECT id, issuer, email FROM people WHERE subject = 'bob' ORDER BY issuer",
  );
  expect(rows.map((row) => row.issuer).sort()).toEqual([issuer(0), issuer(1)].sort());
  expect(new Set(rows.map((row) => row.id)).size).toBe(2);
  for (const row of rows) expect(row.email).toMatch(/^v1\./);
});

test("without a provider (the shared server), /auth/* and /me are not found", async ({ request }) => {
  expect((await request.get("/auth/sign-in", { maxRedirects: 0 })).status()).toBe(404);
  expect((await request.get("/auth/callback?code=x&state=y")).status()).toBe(404);
  expect((await request.post("/auth/sign-out")).status()).toBe(404);
  expect((await request.get("/me")).status()).toBe(404);
});

test("no log line holds a code, state or session token; a dump holds no name or email", async () => {
  const log = servers()
    .map((server) => server.stdout())
    .join("\n");
  const seen = secrets.filter((secret) => secret.length > 0);
  expect(seen.length).toBeGreaterThan(5);
  for (const secret of seen) expect(log).not.toContain(secret);
  const refusals = servers()
    .flatMap((server) => server.logLines())
    .filter((line) => line.msg === "sign-in refused");
  expect(new Set(refusals.map((line) => line.reason))).toEqual(
    new Set(["bad_sign_in_state", "sign_in_denied", "sign_in_failed"]),
  );
  // At warn, the error by its code alone: the nonce's, the issuer's, then the code refused for the client.
  for (const line of refusals) expect(line.level).toBe("warn");
  expect(
    refusals
      .filter((line) => line.reason === "sign_in_failed")
      .map((line) => /\(code (\w+)\)/.exec(`${line.error}`)?.[1]),
  ).toEqual(["OAUTH_JWT_CLAIM_COMPARISON_FAILED", "OAUTH_INVALID_RESPONSE", "OAUTH_RESPONSE_BODY_ERROR"]);

  const dump = await dumpDatabase(setup!.database.url);
  for (const login of ["alice", "bob"]) {
    expect(dump).not.toContain(accountOf(login).name);
    expect(dump).not.toContain(accountOf(login).email);
  }
  for (const secret of seen) expect(dump).not.toContain(secret);
});
