import type { Page, TestInfo } from "@playwright/test";
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

/**
 * No element of the page reaches out of the window, sideways: nothing to scroll to, nothing cut off.
 * What scrolls inside its own box (a long line of code, a wide table) is inside that box.
 */
export async function expectNothingOutside(page: Page) {
  await expectNoSidewaysScroll(page);
  const outside = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollsWithin = (element: Element): boolean =>
      element.parentElement !== null &&
      (getComputedStyle(element.parentElement).overflowX !== "visible" ||
        scrollsWithin(element.parentElement));
    return [...document.querySelectorAll("body *")]
      .filter((element) => {
        if (scrollsWithin(element)) return false;
        const box = element.getBoundingClientRect();
        return (
          box.width > 0 &&
          (box.left < -1 || box.right > width + 1) &&
          !element.closest(".sr-only, .skip-link")
        );
      })
      .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent?.slice(0, 40)}`);
  });
  expect(outside).toEqual([]);
}

/** A screenshot of the whole page, kept with the test's results under `name`. */
export async function keep(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}
