import pg from "pg";
import { closePool, createTestDatabase, type TestDatabase } from "../../lib/test/database";
import { expect, test } from "../support/fixtures";
import {
  accountOf,
  freePort,
  makeCertificate,
  signInAtProvider,
  startProvider,
  type TestCertificate,
  type TestProvider,
} from "../support/oidc-provider";
import { providerEnv, signInFromMe, peopleClient } from "../support/people-servers";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";

// The provider's side of signing in and out: signing out there too (OIDC_SIGN_OUT_AT_PROVIDER=1),
// a provider that does not answer (at the start of a sign-in, and at its callback), and a server
// killed (SIGKILL) between /auth/sign-in and the callback. One provider and one server on a database
// of their own; a second server points at a provider that is no longer there, and the last test
// cuts the first provider's token endpoint.
test.describe.configure({ mode: "serial" });
test.use({ ignoreHTTPSErrors: true });

let certificate: TestCertificate;
let provider: TestProvider;
let server: ServerProcess | undefined;
let database: TestDatabase | undefined;
let sql: pg.Pool;
let url: string;

const settings = () => ({
  ...providerEnv({ database: database!.url, url, issuer: provider.issuer, certificate }),
  OIDC_SIGN_OUT_AT_PROVIDER: "1",
});

test.beforeAll(async () => {
  test.setTimeout(timeouts.serverTest);
  certificate = await makeCertificate();
  database = await createTestDatabase("people_provider");
  sql = new pg.Pool({ connectionString: database.url, max: 2 });
  url = `http://127.0.0.1:${await freePort()}`;
  provider = await startProvider(certificate, [
    { ...peopleClient, redirect_uris: [`${url}/auth/callback`], post_logout_redirect_uris: [`${url}/`] },
  ]);
  server = await startServer({ port: Number(new URL(url).port), env: settings() });
});
test.afterAll(async () => {
  await server?.stop();
  await provider?.stop();
  await closePool(sql);
  await database?.drop();
  await certificate?.remove();
});

const peopleCount = async () => (await sql.query("SELECT 1 FROM people")).rowCount;
const sessionsOf = async (subject: string) =>
  (
    await sql.query(
      "SELECT 1 FROM person_sessions s JOIN people p ON p.id = s.person_id WHERE p.subject = $1",
      [subject],
    )
  ).rowCount;

test("signing out with OIDC_SIGN_OUT_AT_PROVIDER=1 ends the provider's session too, with the ID token as its hint, and comes back", async ({
  page,
}) => {
  expect((await signInFromMe(page, url, provider.issuer, "alice")).status()).toBe(303);
  // Signed in at the provider: a second sign-in goes straight through, without its login form.
  const again = page.waitForResponse((response) => response.url().startsWith(`${url}/auth/callback`));
  await page.goto(`${url}/auth/sign-in`);
  expect((await again).status()).toBe(303);
  await expect(page).toHaveURL(`${url}/me`);
  expect(await sessionsOf("alice")).toBe(2);

  // The browser keeps the last sign-in's ID token for /auth/sign-out alone, the server no copy. (The
  // provider's own cookies are on 127.0.0.1 too: a cookie knows no port.)
  const cookiesFor = async (path: string) =>
    (await page.context().cookies(`${url}${path}`)).filter((cookie) => cookie.name.startsWith("notes_"));
  const [hint] = (await cookiesFor("/auth/sign-out")).filter((cookie) => cookie.name === "notes_id_token");
  expect([hint?.path, hint?.httpOnly, hint?.sameSite]).toEqual(["/auth/sign-out", true, "Strict"]);
  expect((await cookiesFor("/me")).map((cookie) => cookie.name)).toEqual(["notes_session"]);

  const endSession = page.waitForRequest((request) => request.url().startsWith(provider.issuer));
  await page.getByRole("button", { name: "Sign out" }).click();
  const location = new URL((await endSession).url());
  expect(location.pathname).toBe("/session/end");
  expect(location.searchParams.get("client_id")).toBe(peopleClient.client_id);
  expect(location.searchParams.get("post_logout_redirect_uri")).toBe(`${url}/`);
  const idTokenHint = location.searchParams.get("id_token_hint") ?? "";
  expect(idTokenHint).toBe(hint?.value);
  expect(server!.stdout()).not.toContain(idTokenHint);
  const claims = JSON.parse(Buffer.from(idTokenHint.split(".")[1] ?? "", "base64url").toString()) as {
    [claim: string]: unknown;
  };
  expect([claims.iss, claims.aud, claims.sub]).toEqual([provider.issuer, peopleClient.client_id, "alice"]);
  expect(await sessionsOf("alice")).toBe(1);
  expect((await cookiesFor("/auth/sign-out")).filter((cookie) => cookie.name === "notes_id_token")).toEqual(
    [],
  );
  await page.getByRole("button", { name: "Yes, sign me out" }).click();
  await expect(page).toHaveURL(`${url}/`);

  // The provider's session is over: signing in asks for a login again.
  await page.goto(`${url}/auth/sign-in`);
  await expect(page.locator('input[name="login"]')).toBeVisible();
});

test("a server killed between /auth/sign-in and the callback finishes the sign-in once started again", async ({
  page,
}) => {
  test.setTimeout(timeouts.serverTest);
  await page.goto(`${url}/auth/sign-in?return_to=/me`);
  await page.waitForURL((address) => address.href.startsWith(provider.issuer));
  expect(await server!.stop("SIGKILL")).toBeNull();
  server = await startServer({ port: Number(new URL(url).port), env: settings() });

  const callback = page.waitForResponse((response) => response.url().startsWith(`${url}/auth/callback`));
  await signInAtProvider(page, "bob");
  expect((await callback).status()).toBe(303);
  await expect(page.getByText(`Signed in as ${accountOf("bob").name}.`)).toBeVisible();
  expect(server.logLines().filter((line) => line.level === "error")).toEqual([]);
});

test("a provider that does not answer is 502 provider_unavailable, logged, and signs nobody in", async ({
  page,
}) => {
  test.setTimeout(timeouts.serverTest);
  const before = await peopleCount();
  const gone = await startProvider(certificate, []);
  await gone.stop();
  const unreachable = await startServer({
    env: { ...settings(), OIDC_ISSUER: gone.issuer, PUBLIC_URL: "http://127.0.0.1:1" },
  });
  try {
    const started = await fetch(`${unreachable.url}/auth/sign-in`, { redirect: "manual" });
    expect([started.status, ((await started.json()) as { error: string }).error]).toEqual([
      502,
      "provider_unavailable",
    ]);
    expect(started.headers.get("location")).toBeNull();
    const inBrowser = await page.goto(`${unreachable.url}/auth/sign-in?return_to=/me`);
    expect(inBrowser?.status()).toBe(502);
    await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute(
      "href",
      "/auth/sign-in?return_to=%2Fme",
    );
    const lines = unreachable.logLines();
    expect(lines.filter((line) => line.msg === "identity provider unreachable")).toHaveLength(2);
    expect(lines.filter((line) => line.level === "error" || line.status === 500)).toEqual([]);
    expect(await peopleCount()).toBe(before);
  } finally {
    await unreachable.stop();
  }
});

test("a provider that goes down before the callback is 502 provider_unavailable there", async ({ page }) => {
  const before = await peopleCount();
  await page.goto(`${url}/auth/sign-in?return_to=/me`);
  await page.waitForURL((address) => address.href.startsWith(provider.issuer));
  // The provider issues its code, then goes down: the server's exchange of the code for tokens
  // finds its connection cut.
  provider.cut("/token");
  const callback = page.waitForResponse((response) => response.url().startsWith(`${url}/auth/callback`));
  await signInAtProvider(page, "carol");
  expect((await callback).status()).toBe(502);
  await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute(
    "href",
    "/auth/sign-in?return_to=%2Fme",
  );
  const lines = server!.logLines();
  expect(lines.filter((line) => line.msg === "sign-in refused").map((line) => line.reason)).toEqual([
    "provider_unavailable",
  ]);
  expect(lines.filter((line) => line.level === "error" || line.status === 500)).toEqual([]);
  expect(await peopleCount()).toBe(before);
});
