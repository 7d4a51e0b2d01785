import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { accentProperties } from "../../lib/branding/accent";
import { createTestDatabase, type TestDatabase } from "../../lib/test/database";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";
import { violations } from "./axe";
import { expect, test } from "./browser-test";

// An operator's branding (SITE_NAME, SITE_LOGO, SITE_ACCENT, FOOTER_LINKS) on a server of its own:
// shown on every page, in titles and the OpenAPI document, the logo served by the server itself, and
// a bright accent that on its own would fail contrast in the light theme still passing axe in both.

const siteName = "Acme Secrets";
const accent = "#ffcc00";
const logo =
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><circle cx="16" cy="16" r="14"/></svg>';
let folder = "";
let database: TestDatabase | undefined;
let server: ServerProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(timeouts.serverTest);
  folder = await mkdtemp(path.join(tmpdir(), "branding-"));
  await writeFile(path.join(folder, "logo.svg"), logo);
  database = await createTestDatabase("branding");
  server = await startServer({
    env: {
      DATABASE_URL: database.url,
      SITE_NAME: siteName,
      SITE_LOGO: path.join(folder, "logo.svg"),
      SITE_ACCENT: accent,
      FOOTER_LINKS: "Imprint=https://acme.example/imprint,Privacy=https://acme.example/privacy",
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await database?.drop();
  await rm(folder, { recursive: true, force: true });
});

test("the name, the logo and the footer's links are on every page, and the name in titles and the API's document", async ({
  page,
  request,
}) => {
  await page.goto(`${server!.url}/`);
  await expect(page).toHaveTitle(siteName);
  const brand = page.getByRole("link", { name: siteName, exact: true });
  await expect(brand).toHaveAttribute("href", "/");
  const src = await brand.locator("img").getAttribute("src");
  expect(src).toMatch(/^\/brand\/logo\?v=[\w-]{12}$/);
  const footer = page.locator("footer");
  await expect(footer.getByRole("link", { name: "Imprint" })).toHaveAttribute(
    "href",
    "https://acme.example/imprint",
  );
  await expect(footer.getByRole("link", { name: "Privacy" })).toHaveAttribute(
    "href",
    "https://acme.example/privacy",
  );

  const created = await request.post(`${server!.url}/api/v1/shares`, {
    data: { content: "hello", ttl: "1h" },
  });
  expect(created.status()).toBe(201);
  await page.goto(`${server!.url}/${(await created.json()).id}`);
  await expect(page).toHaveTitle(`A note for you · ${siteName}`);
  await expect(page.getByRole("link", { name: siteName, exact: true })).toBeVisible();

  const document = await (await request.get(`${server!.url}/api/v1/openapi.json`)).json();
  expect(document.info.title).toBe(`${siteName} API`);
});

test("the logo is the file's bytes, cached by its hash, and an SVG opened alone can run nothing", async ({
  page,
  request,
}) => {
  await page.goto(`${server!.url}/`);
  const src = (await page.locator(".brand img").getAttribute("src"))!;
  const versioned = await request.get(`${server!.url}${src}`);
  expect(versioned.status()).toBe(200);
  expect(await versioned.text()).toBe(logo);
  const headers = versioned.headers();
  expect(headers["content-type"]).toBe("image/svg+xml");
  expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
  const plain = await request.get(`${server!.url}/brand/logo`);
  expect(plain.headers()["cache-control"]).toBe("no-cache");
  const again = await request.get(`${server!.url}/brand/logo`, {
    headers: { "if-none-match": headers.etag! },
  });
  expect(again.status()).toBe(304);
});

test("a site without a logo answers 404 at /brand/logo", async ({ request }) => {
  const answer = await request.get("/brand/logo");
  expect(answer.status()).toBe(404);
  expect((await answer.json()).error).toBe("not_found");
});

for (const theme of ["light", "dark"] as const) {
  test(`the accent keeps AA contrast in the ${theme} theme: axe finds nothing on the create page and the viewer`, async ({
    page,
    request,
  }) => {
    await page.emulateMedia({ colorScheme: theme });
    await page.context().addCookies([{ name: "theme", value: theme, url: server!.url }]);
    await page.goto(`${server!.url}/`);
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    const [onLight, onDark] = /light-dark\((#\w+), (#\w+)\)/
      .exec(accentProperties(accent)["--accent"])!
      .slice(1);
    const shade = theme === "light" ? onLight! : onDark!;
    const rgb = (hex: string) =>
      `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(", ")})`;
    const button = page.getByRole("button", { name: "Create note" });
    await expect(button).toHaveCSS("background-color", rgb(shade));
    expect(await violations(page, "create")).toEqual([]);

    const created = await request.post(`${server!.url}/api/v1/shares`, {
      data: { content: "[a link](https://example.com)", ttl: "1h", password: "hunter22" },
    });
    await page.goto(`${server!.url}/${(await created.json()).id}`);
    await expect(page.getByRole("button", { name: "Reveal note" })).toBeVisible();
    expect(await violations(page, "viewer")).toEqual([]);
  });
}
