import type { Locator, Page } from "@playwright/test";
import { adminSecret } from "../admin/admin-support";
import { atEachWidth, expect, test } from "./browser-test";

// The main flows by keyboard alone (Tab, Enter, Space and typing), with a visible focus indicator on
// every element the keyboard reaches: create a note, share its link, reveal it; and the admin's
// sign-in, issuing a key and revoking it.

/** What has focus, and whether it shows: an outline or a shadow on it, or on the label drawn for it. */
async function focused(page: Page): Promise<{ element: string; visible: boolean }> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { element: "body", visible: false };
    const shows = (candidate: Element | null) => {
      if (!candidate) return false;
      const style = getComputedStyle(candidate);
      const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
      return style.opacity !== "0" && (outline || style.boxShadow !== "none");
    };
    const name = element.getAttribute("aria-label") ?? element.textContent?.trim() ?? "";
    return {
      element: `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}> ${name.slice(0, 40)}`,
      visible:
        shows(element) || (getComputedStyle(element).opacity === "0" && shows(element.closest("label"))),
    };
  });
}

async function expectVisibleFocus(page: Page): Promise<void> {
  const focus = await focused(page);
  expect(focus.visible, `no visible focus indicator on ${focus.element}`).toBe(true);
}

/** Presses Tab until `target` has focus, checking that each element on the way shows its focus. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press("Tab");
    await expectVisibleFocus(page);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

atEachWidth(() => {
  test("create, share and reveal a note by keyboard alone", async ({ page }) => {
    await page.goto("/");
    await tabTo(page, page.getByLabel("Text", { exact: true }));
    await page.keyboard.type("# By keyboard\n\nNo mouse was used.");
    await tabTo(page, page.getByLabel("Read limit"));
    await page.keyboard.type("1");
    await tabTo(page, page.getByRole("button", { name: "Create note" }));
    await page.keyboard.press("Enter");

    // The link takes focus, selected, ready to copy.
    const link = page.getByRole("textbox", { name: "Link" });
    await expect(link).toBeFocused();
    await expectVisibleFocus(page);
    await tabTo(page, page.getByRole("button", { name: "Copy link" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: /Copied|Copying is blocked/ })).toBeVisible();

    await page.goto(await link.inputValue());
    await tabTo(page, page.getByRole("button", { name: "Reveal note" }));
    await page.keyboard.press("Space");
    await expect(page.getByRole("article").getByRole("heading", { name: "By keyboard" })).toBeVisible();
    await expect(page.getByRole("article")).toContainText("No mouse was used.");
  });

  test("the admin signs in, issues a key and revokes it by keyboard alone", async ({ page }) => {
    await page.goto("/admin");
    // The secret's field has focus as the page opens.
    await expect(page.getByLabel("Admin secret")).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.type(adminSecret);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();

    const label = `keyboard-${Math.random().toString(36).slice(2, 8)}`;
    await tabTo(page, page.getByLabel("Key label"));
    await page.keyboard.type(label);
    await page.keyboard.press("Enter");
    const newKey = page.getByRole("region", { name: `New key for “${label}”` });
    await expect(newKey.getByLabel("New API key")).toHaveValue(/^nsk_/);

    const row = page.getByRole("row").filter({ hasText: label });
    await tabTo(page, row.getByRole("button", { name: "Revoke…" }));
    await page.keyboard.press("Enter");
    // The question's confirm button takes focus.
    const confirm = row.getByRole("button", { name: "Revoke key" });
    await expect(confirm).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.press("Space");
    await expect(row.getByRole("button", { name: "Revoke…" })).toHaveCount(0);
    // A revoked key is of no use to copy: its one-time panel is gone.
    await expect(newKey).toHaveCount(0);
    await expect(page.getByLabel("New API key")).toHaveCount(0);
  });
});
