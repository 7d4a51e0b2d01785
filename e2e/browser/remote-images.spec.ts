import { expect, test } from "./browser-test";
import { guardPage, settle } from "./page-guard";
import { startRemoteHost } from "../support/remote-host";

// Remote images are a tracking beacon on a secret: the viewer fetches none before the reader's click
// on the notice, and the click counts for that note only. "None" is checked once the page has settled
// (page-guard.ts): a request is recorded when the browser makes it, before the remote host sees it.

const NOTICE = "This note loads images from other sites, which can tell them you opened it.";

for (const { name, viewport } of [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1280, height: 800 } },
]) {
  test(`${name}: remote images wait for the reader's click, note by note`, async ({ page, api, baseURL }) => {
    const remote = await startRemoteHost();
    try {
      await page.setViewportSize(viewport);
      const guard = guardPage(page, baseURL ?? "");
      const note = (path: string) =>
        api.createId({
          // The second image's address is one no URL parser accepts: it must not break the viewer.
          content: `Look:\n\n![a chart](${remote.origin}/${path}.svg) ![broken](http://[oops)`,
          ttl: "1h",
        });
      const [first, second] = [await note("first"), await note("second")];
      expect((await api.read(first)).json.html).toContain('src="http://%5Boops"');

      await page.goto(`/${first}`);
      const image = page.getByRole("article").getByRole("img", { name: "a chart" });
      await expect(image).toBeAttached();
      await expect(page.getByText(NOTICE)).toBeVisible();
      await expect(image).not.toHaveAttribute("src");
      // The notice fits the screen: nothing sticks out sideways, even on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await settle(page);
      expect(guard.foreignRequests).toEqual([]);
      expect(remote.requests).toEqual([]);

      await page.getByRole("button", { name: "Load images" }).click();
      await expect(page.getByText(NOTICE)).toHaveCount(0);
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(24);
      expect(remote.requests).toEqual(["/first.svg"]);

      // Another note asks again: the choice was for the first one only.
      await page.goto(`/${second}`);
      await expect(page.getByText(NOTICE)).toBeVisible();
      await settle(page);
      expect(guard.foreignRequests).toEqual([`${remote.origin}/first.svg`]);
      expect(remote.requests).toEqual(["/first.svg"]);
      expect(guard.cspViolations).toEqual([]);
    } finally {
      await remote.close();
    }
  });
}

test("pages: the notice shows with the page that has remote images, and one click covers the note", async ({
  page,
  api,
  baseURL,
}) => {
  const remote = await startRemoteHost();
  try {
    const guard = guardPage(page, baseURL ?? "");
    const id = await api.createId({
      ttl: "1h",
      pages: [{ content: "no images" }, { content: `![map](${remote.origin}/map.svg)` }],
    });
    await page.goto(`/${id}`);
    await expect(page.getByRole("tabpanel")).toHaveText("no images");
    await expect(page.getByText(NOTICE)).toHaveCount(0);
    await page.getByRole("tab", { name: "Page 2" }).click();
    await expect(page.getByText(NOTICE)).toBeVisible();
    await settle(page);
    expect(guard.foreignRequests).toEqual([]);
    expect(remote.requests).toEqual([]);
    await page.getByRole("button", { name: "Load images" }).click();
    await expect.poll(() => remote.requests).toEqual(["/map.svg"]);
    await page.getByRole("tab", { name: "Page 1" }).click();
    await page.getByRole("tab", { name: "Page 2" }).click();
    await expect(page.getByText(NOTICE)).toHaveCount(0);
  } finally {
    await remote.close();
  }
});

test("the create page says remote images wait for the reader", async ({ page }) => {
  await page.goto("/");
  await expect(
    page.getByText("Images from other sites load for readers only when they choose to."),
  ).toBeVisible();
});
