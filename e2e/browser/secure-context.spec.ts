import type { Browser } from "@playwright/test";
import { sealNote } from "../../lib/crypto/envelope";
import { atEachWidth, expect, test } from "./browser-test";
import { lanOrigin as origin, lanPage, launchLanBrowser } from "./lan-browser";

// Notes on a LAN origin over plain HTTP (lan-browser.ts), where the browser offers no WebCrypto.

let lan: Browser;
test.beforeAll(async ({ playwright, launchOptions }) => {
  lan = await launchLanBrowser(playwright, launchOptions);
});
test.afterAll(() => lan.close());

atEachWidth((width) => {
  test("the create page says at once that it cannot encrypt, and a note written there is sent as text", async ({
    api,
  }, testInfo) => {
    const page = await lanPage(lan, { viewport: width.viewport });
    await page.goto("/");
    expect(
      await page.evaluate(() => [window.isSecureContext, globalThis.crypto.subtle === undefined]),
    ).toEqual([false, true]);
    // Before anything is written: at the top of the form, and at the switch, which is off and disabled.
    await expect(
      page.getByRole("status").filter({ hasText: "End-to-end encryption is not available" }),
    ).toHaveText(
      "End-to-end encryption is not available: this page was opened over plain HTTP, so notes are sent as text. " +
        "Why, and what to do",
    );
    const toggle = page.getByRole("switch", { name: "Encrypt in this browser (end to end)" });
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toBeDisabled();
    await expect(toggle).toHaveAccessibleDescription(
      new RegExp(
        "^Not available here: end-to-end encryption needs a secure connection\\. " +
          `Browsers encrypt only on pages opened over HTTPS or from localhost, and this page was opened over plain HTTP \\(${origin.replaceAll(".", "\\.")}\\)\\. ` +
          "What works: notes sent as text\\. .* What does not: end-to-end encryption\\. .* " +
          `or on the server's own machine at http://localhost:${process.env.E2E_PORT}\\.$`,
      ),
    );
    await page.getByRole("link", { name: "Why, and what to do" }).click();
    await expect(page.locator("#encrypt-unavailable")).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath("create-insecure.png"), fullPage: true });

    await page.getByLabel("Text", { exact: true }).fill("written over plain HTTP");
    await page.getByRole("button", { name: "Create note" }).click();
    const link = await page.getByRole("textbox", { name: "Link" }).inputValue();
    expect(new URL(link).hash).toBe("");
    await expect(page.getByRole("list", { name: "About this note" })).not.toContainText(
      "End-to-end encrypted",
    );
    const id = new URL(link).pathname.slice(1);
    const read = await api.read(id);
    expect(read.response.status()).toBe(200);
    expect(read.json.encrypted).toBe(false);
    expect(read.json.content).toBe("written over plain HTTP");
    await page.context().close();
  });

  test("the viewer of an end-to-end note explains why it cannot open it, before anything is read", async ({
    api,
  }, testInfo) => {
    const { envelope, key } = await sealNote("not here");
    const id = await api.createId({ content: envelope, encrypted: true, ttl: "1h", burn_after: 1 });
    const page = await lanPage(lan, { viewport: width.viewport });
    const reads: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/read")) reads.push(request.url());
    });
    await page.goto(`/${id}#${key}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This note cannot be decrypted here");
    await expect(page.getByText("Nothing was read: no view was spent.")).toBeVisible();
    await expect(page.getByText(/^This browser offers encryption only on a secure connection/)).toHaveText(
      "This browser offers encryption only on a secure connection (HTTPS or localhost), and this page was not " +
        "opened over one. Open the same link over HTTPS; if the server offers none, ask whoever runs it to set it up.",
    );
    await expect(page.getByRole("button", { name: "Reveal note" })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath("viewer-insecure.png"), fullPage: true });
    expect(reads).toEqual([]);
    expect((await api.meta(id)).json.remaining_views).toBe(1);
    await page.context().close();
  });
});
