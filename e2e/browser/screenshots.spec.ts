import type { Page } from "@playwright/test";
import { expect, test } from "./browser-test";

// Saves the screenshots of the main screens under docs/screenshots/ (the README shows create.png and
// viewer-burned.png, docs/web-pages.md the others). It writes into the
// source tree, so it runs only when asked: SCREENSHOTS=1 npx playwright test --project=browser screenshots
test.skip(!process.env.SCREENSHOTS, "set SCREENSHOTS=1 to refresh docs/screenshots/");
test.use({ viewport: { width: 1100, height: 760 } });

const NOTE = `# Deploy checklist

The staging password is **\`correct-horse-battery\`**. Rotate it after the release.

| Step | Owner | Done |
|---|---|---|
| Tag the release | Ana | yes |
| Run migrations | Ben | not yet |

\`\`\`ts
export async function deploy(tag: string): Promise<void> {
  await run("migrate", { tag, dryRun: false }); // 42 tables
}
\`\`\`
`;

const shot = (page: Page, name: string) => page.screenshot({ path: `docs/screenshots/${name}.png` });

test("screenshots of the main screens", async ({ page, api }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  await page.getByLabel("Text").fill(NOTE);
  await page.getByLabel("Read limit").fill("1");
  await expect(page.getByRole("region", { name: "Preview of page 1" }).locator("table")).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, "create");

  await page.getByLabel("Password (optional)").fill("hunter2");
  await page.getByRole("button", { name: "Create note" }).click();
  await expect(page.getByRole("img", { name: "QR code of the link" })).toBeVisible();
  // The result replaces a taller form: show it from its heading.
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, "created");

  const url = await page.getByRole("textbox", { name: "Link" }).inputValue();
  await page.goto(url);
  await expect(page.getByLabel("Password")).toBeVisible();
  await shot(page, "viewer-locked");
  await page.getByLabel("Password").fill("hunter2");
  await page.getByRole("button", { name: "Reveal note" }).click();
  await expect(page.locator(".hljs-keyword").first()).toBeVisible();
  await shot(page, "viewer-burned");

  await page.emulateMedia({ colorScheme: "dark" });
  const id = await api.createId({
    ttl: "7d",
    pages: [
      { title: "Setup", content: NOTE },
      { title: "Contacts", content: "- Ana: ana@example.com\n- Ben: ben@example.com" },
      { title: "Rollback", content: "1. Revert the tag\n2. Restore the snapshot" },
    ],
  });
  await page.goto(`/${id}#page-1`);
  await expect(page.getByRole("tab", { name: "Setup" })).toHaveAttribute("aria-selected", "true");
  await shot(page, "viewer-pages-dark");

  await page.setViewportSize({ width: 390, height: 760 });
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/AAAAAAAAAA");
  await shot(page, "not-found-phone");
});
