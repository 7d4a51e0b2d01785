import { expect, test } from "./browser-test";

// Headers every page carries, keyboard use, and a phone's width.

const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1];

test("pages send a nonce CSP and the privacy headers; note pages are noindex and no-store", async ({
  request,
  api,
}) => {
  const id = await api.createId({ content: "x", ttl: "1h" });
  const home = await request.get("/");
  const note = await request.get(`/${id}`);
  for (const response of [home, note]) {
    const headers = response.headers();
    expect(response.status()).toBe(200);
    const policy = headers["content-security-policy"] ?? "";
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(headers["referrer-policy"]).toBe("no-referrer");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    // Every script in the page carries this response's nonce; there is no other inline script.
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonceOf(policy)}"`);
  }
  expect(nonceOf(home.headers()["content-security-policy"] ?? "")).not.toBe(
    nonceOf(note.headers()["content-security-policy"] ?? ""),
  );
  expect(note.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  expect(note.headers()["cache-control"]).toBe("no-store");
  expect(home.headers()["x-robots-tag"]).toBeUndefined();

  // The JSON API is left alone by the page proxy.
  const meta = await api.meta(id);
  expect(meta.response.headers()["content-security-policy"]).toBeUndefined();
  expect(meta.response.headers()["cache-control"]).toBe("no-store");
});

test("keyboard alone: skip link, then the form's fields in order", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Format")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Text")).toBeFocused();
  await page.keyboard.type("typed with the keyboard");
  await expect(page.getByRole("region", { name: "Preview of page 1" })).toContainText(
    "typed with the keyboard",
  );
});

test("the layout fits a phone's width", async ({ page, api }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const id = await api.createId({
    content: "| a | b |\n|---|---|\n| " + "wide ".repeat(60) + " | x |",
    ttl: "1h",
  });
  for (const path of ["/", `/${id}`]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }
});
