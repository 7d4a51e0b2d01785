import type { Page, Request } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { expect, test } from "./browser-test";

// Without JavaScript the browser submits the create page's and the viewer's forms itself. They are
// POST forms, so a password or a recipient's name never lands in a URL (history, proxies' logs).
test.use({ javaScriptEnabled: false });

/** Every request the page sends from now on. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));
  return requests;
}

/** Neither the page's URL nor any request's holds one of the secrets, as written or URL-encoded. */
function expectNoSecretInUrls(page: Page, requests: Request[], secrets: string[]) {
  const urls = [page.url(), ...requests.map((request) => request.url())];
  for (const secret of secrets) {
    for (const url of urls) {
      expect(url).not.toContain(secret);
      expect(url).not.toContain(encodeURIComponent(secret));
    }
  }
}

test("the create page's form sends no password and no recipient in a URL", async ({ page }) => {
  const password = `pw${randomBytes(6).toString("hex")}`;
  const label = `Label${randomBytes(6).toString("hex")}`;
  await page.goto("/");
  await page.locator("#content-0").fill("written without JavaScript");
  await page.locator("#password").fill(password);
  await page.locator("#recipients").fill(`${label} one\n${label} two`);
  const requests = recordRequests(page);
  const [sent] = await Promise.all([
    page.waitForRequest((request) => request.isNavigationRequest()),
    page.getByRole("button", { name: "Create note" }).click(),
  ]);
  await page.waitForLoadState();
  // The page renders again, and nothing was created.
  expect((await sent.response())?.status()).toBe(200);
  await expect(page.getByRole("button", { name: "Create note" })).toBeVisible();
  const submitted = requests.filter((request) => request.isNavigationRequest());
  expect(submitted.map((request) => [request.method(), new URL(request.url()).pathname])).toEqual([
    ["POST", "/"],
  ]);
  expectNoSecretInUrls(page, requests, [password, label]);
});

test("the viewer's form sends no password in a URL", async ({ page, api }) => {
  const password = `pw${randomBytes(6).toString("hex")}`;
  const id = await api.createId({ content: "behind a password", ttl: "1h", password });
  await page.goto(`/${id}`);
  await page.getByLabel("Password").fill(password);
  const requests = recordRequests(page);
  const [sent] = await Promise.all([
    page.waitForRequest((request) => request.isNavigationRequest()),
    page.getByRole("button", { name: "Reveal note" }).click(),
  ]);
  await page.waitForLoadState();
  expect((await sent.response())?.status()).toBe(200);
  await expect(page.getByRole("button", { name: "Reveal note" })).toBeVisible();
  const submitted = requests.filter((request) => request.isNavigationRequest());
  expect(submitted.map((request) => [request.method(), new URL(request.url()).pathname])).toEqual([
    ["POST", `/${id}`],
  ]);
  expectNoSecretInUrls(page, requests, [password]);
  // Sending the form without JavaScript reads nothing: the note keeps its view.
  expect((await api.meta(id)).response.status()).toBe(200);
});
