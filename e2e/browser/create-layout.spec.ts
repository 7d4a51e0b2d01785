import type { Locator } from "@playwright/test";
import { atEachWidth, expect, expectNoSidewaysScroll, test } from "./browser-test";

// The create page's layout: a settings row that does not break, a compact multi-page editor, and the
// result that takes the page.

const box = async (locator: Locator) => (await locator.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };

atEachWidth(({ name }) => {
  test("settings: every label on one line; on a wide screen the fields share one row", async ({ page }) => {
    await page.goto("/");
    const settings = page.getByRole("group", { name: "Settings" });
    const labels = ["Expires after", "Read limit", "Password (optional)", "API key (optional)"];
    const lineHeight = await settings
      .locator("label")
      .first()
      .evaluate((label) => parseFloat(getComputedStyle(label).lineHeight));
    const tops: number[] = [];
    for (const label of labels) {
      const labelBox = await box(settings.locator("label", { hasText: label }).first());
      expect(labelBox.height).toBeCloseTo(lineHeight, 0);
      tops.push(Math.round((await box(settings.getByLabel(label))).y));
    }
    await expect(settings.getByText("Destroyed after this many reads.")).toBeVisible();
    if (name === "desktop") expect(new Set(tops).size).toBe(1);
    else expect(tops).toEqual([...tops].sort((a, b) => a - b));
    await expectNoSidewaysScroll(page);
  });

  test("several pages: title, format and buttons in one or two lines, shorter text boxes", async ({
    page,
  }) => {
    await page.goto("/");
    const single = await box(page.getByLabel("Text"));
    await page.getByRole("button", { name: "Add a page" }).click();
    await page.getByRole("button", { name: "Add a page" }).click();
    const page2 = page.getByRole("group", { name: "Page 2" });
    await expect(page2.getByRole("button", { name: "Move page 2 up" })).toHaveText("↑");
    await expect(page2.getByRole("button", { name: "Move page 2 down" })).toHaveText("↓");
    await expect(page2.getByRole("button", { name: "Remove page 2" })).toHaveText("Remove");
    const text = await box(page2.getByLabel("Text of page 2"));
    expect(single.height).toBe(256);
    expect(text.height).toBe(128);
    // Title and format always share a line; on a laptop the page's buttons join them.
    const title = await box(page2.getByLabel("Title of page 2"));
    const format = await box(page2.getByLabel("Format"));
    const remove = await box(page2.getByRole("button", { name: "Remove page 2" }));
    const bottom = (of: { y: number; height: number }) => Math.round(of.y + of.height);
    expect(bottom(format)).toBe(bottom(title));
    if (name === "desktop") expect(bottom(remove)).toBe(bottom(title));
    else expect(remove.y).toBeGreaterThan(bottom(title));
    await expectNoSidewaysScroll(page);
  });

  test("the result takes the page: the form's heading gives way, its parts stand apart", async ({ page }) => {
    await page.goto("/");
    // A list of a few names: a few lines tall, not a note's editor.
    expect((await box(page.getByLabel("Names, one per line (optional)"))).height).toBeLessThan(130);
    await page.getByLabel("Text", { exact: true }).fill("laid out");
    await page.getByRole("button", { name: "Create note" }).click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your note is ready");
    await expect(page.getByText("Share a note")).toHaveCount(0);
    await expect(page.getByText("Write in Markdown, choose when it expires")).toHaveCount(0);
    const qr = await box(page.getByRole("img", { name: "QR code of the link" }));
    const link = await box(page.getByRole("textbox", { name: "Link" }));
    // Beside the link on a wide screen, below its facts on a phone.
    if (name === "desktop") expect(qr.x).toBeGreaterThan(link.x + link.width);
    else expect(qr.y).toBeGreaterThan(link.y + link.height);

    const deleteNow = await box(page.getByRole("button", { name: "Delete now…" }));
    const another = await box(page.getByRole("button", { name: "Create another note" }));
    expect(another.y - (deleteNow.y + deleteNow.height)).toBeGreaterThanOrEqual(24);
    expect(another.x).toBe(deleteNow.x);
    await expectNoSidewaysScroll(page);
  });
});
