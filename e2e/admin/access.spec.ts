import { spawn } from "node:child_process";
import { createSessionToken } from "../../lib/admin/admin-session";
import { databaseUrl, expect, test } from "../support/fixtures";
import { startServer } from "../support/server-process";
import { adminSecret, countActions, sameOrigin, signInThroughPage } from "./admin-support";
import { timeouts } from "../support/timeouts";

// Who gets in: nobody while ADMIN_SECRET is unset, only the right secret otherwise, and the session
// cookie it earns is HttpOnly, SameSite=Strict, limited to /admin and to hours.

test("without ADMIN_SECRET the admin page says it is disabled and every admin route is 404", async () => {
  test.setTimeout(timeouts.serverTest);
  const server = await startServer({ env: { DATABASE_URL: databaseUrl, ADMIN_SECRET: undefined } });
  const disabledBase = server.url;
  try {
    const page = await fetch(`${disabledBase}/admin`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("The admin page is disabled");
    const origin = { origin: disabledBase };
    const calls: [string, string, string?][] = [
      ["POST", "/admin/api/session", JSON.stringify({ secret: "x".repeat(20) })],
      ["DELETE", "/admin/api/session"],
      ["POST", "/admin/api/keys", JSON.stringify({ label: "nope" })],
      ["POST", "/admin/api/keys/00000000-0000-0000-0000-000000000000/revoke"],
      ["POST", "/admin/api/notes/lookup", JSON.stringify({ note: "AAAAAAAAAA" })],
      ["POST", "/admin/api/notes/AAAAAAAAAA/review"],
      ["DELETE", "/admin/api/notes/AAAAAAAAAA"],
    ];
    for (const [method, path, body] of calls) {
      const response = await fetch(`${disabledBase}${path}`, { method, body, headers: origin });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toMatchObject({ error: "not_found" });
    }
  } finally {
    await server.stop();
  }
});

test("an ADMIN_SECRET shorter than 16 characters stops start-up with a clear message", async () => {
  const server = spawn("node_modules/.bin/tsx", ["scripts/start.ts"], {
    env: { ...process.env, ADMIN_SECRET: "too-short", PORT: "0" },
  });
  let stderr = "";
  server.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise((resolve) => server.once("exit", resolve));
  expect(code).toBe(1);
  expect(stderr).toContain("ADMIN_SECRET: must be at least 16 characters long");
});

test("a wrong secret is refused and recorded", async ({ page, sql, request }) => {
  const failedBefore = await countActions(sql, "sign_in_failed");
  await page.goto("/admin");
  await page.getByLabel("Admin secret").fill(`${adminSecret}x`);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("That is not the admin secret.");
  expect(await page.context().cookies()).toEqual([]);
  await expect(page.getByRole("heading", { name: "API keys" })).toHaveCount(0);

  const refused = await request.post("/admin/api/session", { headers: sameOrigin, data: { secret: "" } });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ error: "bad_admin_secret" });
  const malformed = await request.post("/admin/api/session", { headers: sameOrigin, data: { secret: 1 } });
  expect(malformed.status()).toBe(400);
  expect(await malformed.json()).toMatchObject({ error: "bad_json" });
  expect(await countActions(sql, "sign_in_failed")).toBe(failedBefore + 2);
});

test("signing in sets an HttpOnly, SameSite=Strict session cookie for /admin; sign-out clears it", async ({
  page,
  request,
}) => {
  const signedIn = page.waitForResponse((r) => r.url().endsWith("/admin/api/session"));
  const beforeSignIn = Math.floor(Date.now() / 1000);
  await signInThroughPage(page);
  const header = (await (await signedIn).headerValue("set-cookie")) ?? "";
  expect(header).toMatch(/^notes_admin_session=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}; /);
  expect(header).toContain("; Path=/admin;");
  expect(header).toContain("; Max-Age=28800;");
  expect(header).toContain("; HttpOnly");
  expect(header).toMatch(/; SameSite=strict/i);
  expect(header).not.toContain("Secure");

  const [cookie, ...others] = await page.context().cookies();
  expect(others).toEqual([]);
  expect(cookie).toMatchObject({
    name: "notes_admin_session",
    httpOnly: true,
    sameSite: "Strict",
    path: "/admin",
  });
  expect(cookie?.secure).toBe(false);
  // Eight hours from the sign-in, however long the steps around it took.
  expect(cookie?.expires ?? 0).toBeGreaterThanOrEqual(beforeSignIn + 8 * 3600);
  expect(cookie?.expires ?? 0).toBeLessThanOrEqual(Date.now() / 1000 + 8 * 3600);
  expect(await page.evaluate(() => document.cookie)).toBe("");

  // Served over https (as a TLS proxy reports it), the cookie is Secure.
  const overHttps = await request.post("/admin/api/session", {
    headers: { ...sameOrigin, "x-forwarded-proto": "https" },
    data: { secret: adminSecret },
  });
  expect(overHttps.headers()["set-cookie"]).toContain("; Secure");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByLabel("Admin secret")).toBeVisible();
  expect(await page.context().cookies()).toEqual([]);
});

test("a tampered or foreign session cookie is no session", async ({ page, context }) => {
  await signInThroughPage(page);
  const [cookie] = await context.cookies();
  const [, signature] = (cookie?.value ?? "").split(".");
  // Signed with another secret: what every session becomes when ADMIN_SECRET changes.
  const otherSecret = createSessionToken(`${adminSecret}-old`).token;
  // Signed with the right secret, but no sign-in started it: the server knows no such session.
  const { id: otherId, token: neverStarted } = createSessionToken(adminSecret);
  const forged = [`${otherId}.${signature}`, otherSecret, neverStarted, `${otherId}.x`, ""];
  for (const value of forged) {
    await context.addCookies([{ name: "notes_admin_session", value, domain: "127.0.0.1", path: "/admin" }]);
    expect((await context.cookies()).map((c) => c.value)).toEqual([value]);
    await page.goto("/admin");
    await expect(page.getByLabel("Admin secret")).toBeVisible();
    const response = await page.request.post("/admin/api/keys", {
      headers: sameOrigin,
      data: { label: "x" },
    });
    expect(response.status()).toBe(401);
    expect(await response.json()).toMatchObject({ error: "admin_session_required" });
  }
});

test("a session that ends while the page is open sends it back to the sign-in form", async ({ page }) => {
  await signInThroughPage(page);
  await page.context().clearCookies();
  await page.getByLabel("Note id or URL").fill("AAAAAAAAAA");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByLabel("Admin secret")).toBeVisible();
  await expect(page.getByRole("heading", { name: "API keys" })).toHaveCount(0);
});

test("a method an admin route does not serve -> JSON 405 method_not_allowed; an unknown admin API path -> 404", async ({
  request,
}) => {
  const routes: [string, string][] = [
    ["/admin/api/session", "DELETE, OPTIONS, POST"],
    ["/admin/api/keys", "OPTIONS, POST"],
    ["/admin/api/keys/00000000-0000-0000-0000-000000000000/revoke", "OPTIONS, POST"],
    ["/admin/api/notes/lookup", "OPTIONS, POST"],
    ["/admin/api/notes/AAAAAAAAAA/review", "OPTIONS, POST"],
    ["/admin/api/notes/AAAAAAAAAA", "DELETE, OPTIONS"],
  ];
  for (const [path, allow] of routes) {
    const response = await request.fetch(path, { method: "PUT", headers: sameOrigin });
    expect(response.status(), path).toBe(405);
    expect(response.headers().allow, path).toBe(allow);
    expect(await response.json(), path).toMatchObject({ error: "method_not_allowed" });
    const options = await request.fetch(path, { method: "OPTIONS" });
    expect(options.status(), path).toBe(204);
    expect(options.headers().allow, path).toBe(allow);
  }
  const unknown = await request.post("/admin/api/nothing/here", { headers: sameOrigin });
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ error: "not_found", message: "No such API route." });
});
