import { atEachWidth, expect, expectNoSidewaysScroll, test } from "./browser-test";

// The create form's errors: worded for a person, shown by their field, read out through focus, and
// gone as soon as the field is edited.

atEachWidth(() => {
  test("the form's own checks: each field's message, focus on the first, cleared on edit", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Add a page" }).click();
    await page.getByLabel("Text of page 1").fill("first");
    await page.getByLabel("Read limit").fill("0");
    await page.getByRole("button", { name: "Create note" }).click();

    const text2 = page.getByLabel("Text of page 2");
    const limit = page.getByLabel("Read limit");
    await expect(page.locator("#content-1-error")).toHaveText(
      "Page 2 is empty: write something on it or remove it.",
    );
    await expect(page.locator("#burn_after-error")).toHaveText(
      "Enter a whole number from 1 to 1000, or leave it empty for no limit.",
    );
    await expect(text2).toBeFocused();
    await expect(text2).toHaveAttribute("aria-invalid", "true");
    await expect(text2).toHaveAttribute("aria-describedby", "content-1-error");
    await expect(limit).toHaveAttribute("aria-invalid", "true");
    await expect(limit).toHaveAttribute("aria-describedby", "burn_after-hint burn_after-error");
    await expectNoSidewaysScroll(page);

    // Fixing a field takes its message away at once; the other stays until its own field changes.
    await text2.fill("second");
    await expect(page.locator("#content-1-error")).toHaveCount(0);
    await expect(text2).not.toHaveAttribute("aria-invalid");
    await expect(page.locator("#burn_after-error")).toBeVisible();
    await limit.fill("2");
    await expect(page.locator("#burn_after-error")).toHaveCount(0);
    await expect(limit).toHaveAttribute("aria-describedby", "burn_after-hint");
  });

  test("an empty note: a plain sentence by the text, which takes focus", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("Read limit").focus();
    await page.getByRole("button", { name: "Create note" }).click();
    await expect(page.locator("#content-0-error")).toHaveText("Write something first: the note is empty.");
    await expect(page.getByLabel("Text")).toBeFocused();
  });

  test("the API's errors, reworded, by their field and focused", async ({ page }) => {
    await page.goto("/");
    // Sent as text, the limit is on the text itself (encrypted, on its envelope: see encrypted.spec.ts).
    await page.getByRole("switch", { name: "Encrypt in this browser (end to end)" }).uncheck();
    await page.getByLabel("Text").fill("x".repeat(512 * 1024 + 1));
    await page.getByRole("button", { name: "Create note" }).click();
    await expect(page.locator("#content-0-error")).toHaveText(
      "The note is 524289 bytes of text; the limit is 524288 (512 KiB).",
    );
    await expect(page.getByLabel("Text")).toBeFocused();

    await page.getByLabel("Text").fill("hello");
    await expect(page.locator("#content-0-error")).toHaveCount(0);
    await page.getByLabel("API key (optional)").fill("nsk_not-a-real-key");
    await page.getByRole("button", { name: "Create note" }).click();
    const keyError = page.locator("#api_key-error");
    await expect(keyError).toHaveText(
      "This API key is not valid (unknown, mistyped or revoked). Check it, or leave the field empty.",
    );
    await expect(page.getByLabel("API key (optional)")).toBeFocused();
    await expect(page.getByLabel("API key (optional)")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("API key (optional)").fill("");
    await expect(keyError).toHaveCount(0);
    await expectNoSidewaysScroll(page);
  });
});
