import { readFile } from "node:fs/promises";
import { expect, test } from "./browser-test";

// The viewer at `/<id>`: the page itself shows metadata only; reading is the visitor's click.

test("password: a wrong one keeps the form and costs no view, the right one opens the note", async ({
  page,
  api,
}) => {
  const id = await api.createId({
    content: "the code is **4711**",
    ttl: "1h",
    password: "s3cret",
    burn_after: 2,
  });
  const response = await page.goto(`/${id}`);
  expect(response?.status()).toBe(200);
  expect(await response?.text()).not.toContain("4711");
  await expect(page.getByText("Password protected")).toBeVisible();

  await page.getByLabel("Password").fill("wrong");
  await page.getByRole("button", { name: "Reveal note" }).click();
  await expect(page.locator("#password-error")).toHaveText(
    "This note needs a password, and the one given is missing or wrong.",
  );
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-describedby", "password-error");
  // The message stands apart from the button under it.
  const message = await page.locator("#password-error").boundingBox();
  const button = await page.getByRole("button", { name: "Reveal note" }).boundingBox();
  expect((button?.y ?? 0) - ((message?.y ?? 0) + (message?.height ?? 0))).toBeGreaterThanOrEqual(12);
  expect((await api.meta(id)).json.remaining_views).toBe(2);

  await page.getByLabel("Password").fill("s3cret");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("article").locator("strong")).toHaveText("4711");
  await expect(page.getByText("1 read left")).toBeVisible();
  expect((await api.meta(id)).json.remaining_views).toBe(1);
});

test("burn after 1: a plain GET burns nothing; the reveal shows it once, then it is gone", async ({
  page,
  api,
  request,
}) => {
  const id = await api.createId({ content: "one time secret", ttl: "1h", burn_after: 1 });
  // What a link previewer does: fetch the page, with and without a browser.
  expect((await request.get(`/${id}`)).status()).toBe(200);
  await page.goto(`/${id}`);
  await page.reload();
  const meta = await api.meta(id);
  expect(meta.response.status()).toBe(200);
  expect(meta.json.remaining_views).toBe(1);

  await expect(page.getByText("This note will be destroyed after 1 more read.")).toBeVisible();
  await page.getByRole("button", { name: "Reveal note" }).click();
  await expect(page.getByRole("article")).toHaveText("one time secret");
  await expect(
    page.getByRole("status").filter({ hasText: "This note has now been destroyed" }),
  ).toBeVisible();
  expect((await api.meta(id)).response.status()).toBe(404);

  const reloaded = await page.reload();
  expect(reloaded?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Nothing here" })).toBeVisible();
});

test("the 404 page is the same for unknown, malformed, expired and burned notes", async ({
  page,
  api,
  sql,
}) => {
  const burned = await api.createId({ content: "x", ttl: "1h", burn_after: 1 });
  await api.read(burned);
  const expired = await api.createId({ content: "x", ttl: "1h" });
  await sql.query("UPDATE shares SET expires_at = now() - interval '1 second' WHERE id = $1", [expired]);

  const bodies = new Set<string>();
  for (const id of ["AAAAAAAAAA", "not-an-id!", burned, expired]) {
    const response = await page.goto(`/${id}`);
    expect(response?.status()).toBe(404);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await expect(page.getByRole("heading", { name: "Nothing here" })).toBeVisible();
    bodies.add(await page.locator("main").innerHTML());
  }
  expect(bodies.size).toBe(1);
});

test("copy text and download the note as .md and .html", async ({ page, api, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const id = await api.createId({ content: "# Title\n\nBody with `code`.", ttl: "1h" });
  await page.goto(`/${id}`);
  await expect(page.getByRole("article").getByRole("heading", { name: "Title" })).toBeVisible();

  await page.getByRole("button", { name: "Copy text" }).click();
  await expect(page.getByText("Copied to the clipboard.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("# Title\n\nBody with `code`.");

  const [markdown] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download .md" }).click(),
  ]);
  expect(markdown.suggestedFilename()).toBe(`note-${id}.md`);
  expect(await readFile(await markdown.path(), "utf8")).toBe("# Title\n\nBody with `code`.");

  const [html] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download .html" }).click(),
  ]);
  expect(html.suggestedFilename()).toBe(`note-${id}.html`);
  const document = await readFile(await html.path(), "utf8");
  expect(document).toContain('<h1 id="user-content-title">Title</h1>\n<p>Body with <code>code</code>.</p>');
  expect(document).toContain('<meta name="referrer" content="no-referrer">');
});

test("the viewer shows expiry as a live countdown and the page count before reading", async ({
  page,
  api,
}) => {
  const id = await api.createId({
    ttl: "1h",
    burn_after: 5,
    pages: [{ content: "a" }, { content: "b" }, { content: "c" }],
  });
  await page.goto(`/${id}`);
  await expect(page.getByText("3 pages")).toBeVisible();
  await expect(page.getByText("5 more reads left")).toBeVisible();
  const countdown = page.locator("time").first();
  const first = await countdown.textContent();
  expect(first).toMatch(/^(59 min \d+ s|1 h 0 min 0 s)$/);
  await expect(countdown).not.toHaveText(first ?? "");
});
