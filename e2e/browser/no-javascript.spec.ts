import type { Page, Request } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { expect, test } from "./browser-test";

// Without JavaScript the browser submits the create page's and the viewer's forms itself. They are
// POST forms, so a password or a recipient's name never lands in a URL (history, proxies' logs).
test.use({ javaScriptEnabled: false });

/**
 * Clicks the form's `button` and waits for the page the browser loads: it renders again (200, the
 * form still there). Returns the navigations sent, as method and path, after checking that neither
 * the page's URL nor any request's holds one of `secrets`, as written or URL-encoded.
 */
async function submitWithoutScript(page: Page, button: string, secrets: string[]) {
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));
  const [sent] = await Promise.all([
    page.waitForRequest((request) => request.isNavigationRequest()),
    page.getByRole("button", { name: button }).click(),
  ]);
  await page.waitForLoadState();
  expect((await sent.response())?.status()).toBe(200);
  await expect(page.getByRole("button", { name: button })).toBeVisible();
  for (const url of [page.url(), ...requests.map((request) => request.url())]) {
    for (const secret of secrets) {
      expect(url).not.toContain(secret);
      expect(url).not.toContain(encodeURIComponent(secret));
    }
  }
  return requests
    .filter((request) => request.isNavigationRequest())
    .map((request) => [request.method(), new URL(request.url()).pathname]);
}

test("the create page's form sends no password and no recipient in a URL", async ({ page }) => {
  const password = `pw${randomBytes(6).toString("hex")}`;
  const label = `Label${randomBytes(6).toString("hex")}`;
  await page.goto("/");
  await page.locator("#content-0").fill("written without JavaScript");
  await page.locator("#password").fill(password);
  await page.locator("#recipients").fill(`${label} one\n${label} two`);
  expect(await submitWithoutScript(page, "Create note", [password, label])).toEqual([["POST", "/"]]);
});

test("the viewer's form sends no password in a URL, and reads nothing", async ({ page, api }) => {
  const password = `pw${randomBytes(6).toString("hex")}`;
  const id = await api.createId({ content: "behind a password", ttl: "1h", password, burn_after: 1 });
  await page.goto(`/${id}`);
  await page.getByLabel("Password").fill(password);
  expect(await submitWithoutScript(page, "Reveal note", [password])).toEqual([["POST", `/${id}`]]);
  expect((await api.meta(id)).json.remaining_views).toBe(1);
});
