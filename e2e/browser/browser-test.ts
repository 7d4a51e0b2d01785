import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";

// What browser specs use. Pages wait on the server (creating a note renders it and hashes its
// password): the time an assertion may wait for them is playwright.config.ts's, from
// e2e/support/timeouts.ts, as in every other project.
export { expect, issueKey, test } from "../support/fixtures";

/** The widths every page is checked at: a common phone, and a laptop. */
export const widths = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1280, height: 900 } },
] as const;

type Width = (typeof widths)[number];

/** Declares the tests `body` declares once per width, each group named for its width. */
export function atEachWidth(body: (width: Width) => void): void {
  for (const width of widths) {
    test.describe(width.name, () => {
      test.use({ viewport: width.viewport });
      body(width);
    });
  }
}

/** Nothing on the page is wider than the window: no sideways scrolling. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}
