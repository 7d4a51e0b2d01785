import { expect, test } from "@playwright/test";

// The home page answers in a real browser, with the headers every page carries.
test("home page loads in Chromium", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
});
