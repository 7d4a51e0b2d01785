import { expect, test } from "../support/fixtures";
import {
  issueKeyByRequest,
  sameOrigin,
  signInByRequest,
  signInThroughPage,
  siteOrigin,
} from "./admin-support";

// Cross-site requests never change anything: the session cookie is SameSite=Strict, and on top of
// that every admin API route refuses a request whose Origin / Sec-Fetch-Site is not this site.

test("a cross-site form post is refused and changes nothing", async ({ page, api, sql }) => {
  await signInThroughPage(page);
  const issued = await issueKeyByRequest(page.request);
  // A page on another site whose form posts to the admin API, as an attacker's page would.
  await page.route("http://attacker.test/", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<form method="post" action="${siteOrigin}/admin/api/keys/${issued.id}/revoke">
               <input name="confirm" value="yes"><button>Win a prize</button></form>`,
    }),
  );
  await page.goto("http://attacker.test/");
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/revoke")),
    page.getByRole("button", { name: "Win a prize" }).click(),
  ]);
  expect(response.status()).toBe(403);
  expect(await response.json()).toMatchObject({ error: "cross_site_request" });

  const { rows } = await sql.query("SELECT revoked_at FROM api_keys WHERE id = $1", [issued.id]);
  expect(rows).toEqual([{ revoked_at: null }]);
  await api.createId({ content: "key still works", ttl: "1h" }, { "x-api-key": issued.key });
});

test("even with a valid session cookie, other origins are refused on every admin route", async ({
  request,
  sql,
}) => {
  await signInByRequest(request);
  const issued = await issueKeyByRequest(request);
  const foreign: Record<string, string>[] = [
    { origin: "http://attacker.test" },
    { origin: "null" },
    { origin: siteOrigin.replace(/\d+$/, (port) => String(Number(port) + 1)) },
    { ...sameOrigin, "sec-fetch-site": "cross-site" },
    { ...sameOrigin, "sec-fetch-site": "same-site" },
    {},
  ];
  const calls: [string, string][] = [
    ["post", `/admin/api/keys/${issued.id}/revoke`],
    ["post", "/admin/api/keys"],
    ["delete", "/admin/api/notes/AAAAAAAAAA"],
    ["post", "/admin/api/session"],
    ["delete", "/admin/api/session"],
  ];
  for (const headers of foreign) {
    for (const [method, path] of calls) {
      const response = await request.fetch(path, { method, headers, data: { label: "x", secret: "y" } });
      expect(response.status(), `${method} ${path} ${JSON.stringify(headers)}`).toBe(403);
      expect(await response.json()).toMatchObject({ error: "cross_site_request" });
    }
  }
  const { rows } = await sql.query("SELECT revoked_at FROM api_keys WHERE id = $1", [issued.id]);
  expect(rows).toEqual([{ revoked_at: null }]);
  // The session survived the refused sign-out, and the same request from the site itself works.
  const revoke = await request.post(`/admin/api/keys/${issued.id}/revoke`, { headers: sameOrigin });
  expect(revoke.status()).toBe(200);
});
