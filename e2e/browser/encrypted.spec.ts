import type { Page } from "@playwright/test";
import { sealNote } from "../../lib/crypto/envelope";
import { expect, test } from "./browser-test";

// End-to-end encrypted notes in the pages: the create page seals by default and puts the key in the
// link's fragment; the viewer checks the key before it reads, and opens and renders in the browser.

const encryptSwitch = (page: Page) =>
  page.getByRole("switch", { name: "Encrypt in this browser (end to end)" });
const idOf = (url: string) => new URL(url).pathname.slice(1);

/** Counts the read requests the page sends, to prove that none was made. */
function countReads(page: Page) {
  const reads: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/read")) reads.push(request.url());
  });
  return reads;
}

test("on by default: pages and titles are sealed in the browser, and opened in the viewer", async ({
  page,
  api,
  baseURL,
}) => {
  await page.goto("/");
  await expect(encryptSwitch(page)).toBeChecked();
  await expect(page.locator("#encrypt-hint")).toContainText("On: your browser encrypts the note");
  await page.getByLabel("Text").fill("first **bold**");
  await page.getByRole("button", { name: "Add a page" }).click();
  await page.getByLabel("Title of page 1").fill("Alpha title");
  await page.getByLabel("Title of page 2").fill("Beta title");
  await page.getByLabel("Text of page 2").fill("second text");
  await page.getByRole("button", { name: "Create note" }).click();
  await expect(page.getByText("End-to-end encrypted: the key is the part of the link after #")).toBeVisible();
  const url = await page.getByRole("textbox", { name: "Link" }).inputValue();
  expect(url).toMatch(new RegExp(`^${baseURL}/[A-Za-z0-9]{10}#[A-Za-z0-9_-]{43}$`));

  const meta = await api.meta(idOf(url));
  // The server counts one page: how many there are, and their titles, are sealed too.
  expect(meta.json).toMatchObject({ encrypted: true, page_count: 1, content_type: "markdown" });

  await page.goto(url);
  await expect(page.getByRole("tab")).toHaveText(["Alpha title", "Beta title"]);
  await expect(page.getByRole("tabpanel").locator("strong")).toHaveText("bold");
  await expect(page.getByText("End-to-end encrypted")).toBeVisible();
  await page.getByRole("tab", { name: "Beta title" }).click();
  await expect(page.getByRole("tabpanel")).toHaveText("second text");
  // Switching pages keeps the key in the address bar.
  expect(page.url()).toBe(url);
});

test("off: the note is sent as text, and its link has no key", async ({ page, api, baseURL }) => {
  await page.goto("/");
  await encryptSwitch(page).uncheck();
  await expect(page.locator("#encrypt-hint")).toContainText("Off: the note is sent as text.");
  await page.getByLabel("Text").fill("plain *text*");
  await page.getByRole("button", { name: "Create note" }).click();
  const url = await page.getByRole("textbox", { name: "Link" }).inputValue();
  expect(url).toMatch(new RegExp(`^${baseURL}/[A-Za-z0-9]{10}$`));
  await expect(page.getByText("End-to-end encrypted")).toHaveCount(0);
  const read = await api.read(idOf(url));
  expect(read.json).toMatchObject({
    encrypted: false,
    content: "plain *text*",
    html: "<p>plain <em>text</em></p>",
  });
});

test("a link without its key, or with a malformed one, says so and spends no view", async ({
  page,
  api,
  sql,
}) => {
  const { envelope, key } = await sealNote("never read");
  const limited = await api.createId({ content: envelope, encrypted: true, ttl: "1h", burn_after: 1 });
  const open = await api.createId({ content: envelope, encrypted: true, ttl: "1h" });
  const reads = countReads(page);

  await page.goto(`/${limited}`);
  await expect(page.getByRole("heading", { name: "This link is missing its key" })).toBeVisible();
  await expect(page.getByText("Nothing was read: no view was spent.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Reveal note" })).toHaveCount(0);

  // A note without limit or password is read at once, but not without a key.
  for (const fragment of ["", `#${key.slice(1)}`, `#${key}x`]) {
    await page.goto(`/${open}${fragment}`);
    const heading = fragment ? "This link's key is malformed" : "This link is missing its key";
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  }
  expect(reads).toEqual([]);
  expect((await api.meta(limited)).json.remaining_views).toBe(1);
  const { rows } = await sql.query("SELECT read_count FROM shares WHERE id = ANY($1) ORDER BY id", [
    [limited, open],
  ]);
  expect(rows).toEqual([{ read_count: 0 }, { read_count: 0 }]);
});

test("a key that does not open the note says so, and that the view was spent", async ({ page, api }) => {
  const { envelope } = await sealNote("wrong door");
  const other = await sealNote("other");
  const id = await api.createId({ content: envelope, encrypted: true, ttl: "1h", burn_after: 2 });

  await page.goto(`/${id}#${other.key}`);
  await page.getByRole("button", { name: "Reveal note" }).click();
  const notice = page.getByRole("region", { name: "This note could not be decrypted" });
  await expect(notice.getByRole("alert")).toHaveText(
    "The key in this link does not open the note: the link was cut short or changed, or the note was tampered with.",
  );
  await expect(
    page.getByText("Opening it counted as a view (1 more read left).", { exact: false }),
  ).toBeVisible();
  expect((await api.meta(id)).json.remaining_views).toBe(1);

  await page.reload();
  await page.getByRole("button", { name: "Reveal note" }).click();
  await expect(
    page.getByText("Opening it used its last view: the note is now destroyed and cannot be opened again."),
  ).toBeVisible();
  expect((await api.meta(id)).response.status()).toBe(404);
});

test("a password-protected encrypted note needs the link and the password", async ({ page, api, sql }) => {
  await page.goto("/");
  await page.getByLabel("Text").fill("behind **two** doors");
  await page.getByLabel("Password (optional)").fill("open sesame");
  await page.getByLabel("Read limit").fill("1");
  await page.getByRole("button", { name: "Create note" }).click();
  const url = await page.getByRole("textbox", { name: "Link" }).inputValue();
  const id = idOf(url);
  const { rows } = await sql.query("SELECT content FROM share_pages WHERE share_id = $1", [id]);
  // Stored sealed by the password (lib/notes/note-sealing.ts): not even the envelope is readable.
  expect(rows[0].content).toMatch(/^v1\.pw\./);

  await page.goto(url);
  await expect(page.getByText("End-to-end encrypted")).toBeVisible();
  await page.getByLabel("Password").fill("open says me");
  await page.getByRole("button", { name: "Reveal note" }).click();
  await expect(page.locator("#password-error")).toHaveText(
    "This note needs a password, and the one given is missing or wrong.",
  );
  expect((await api.meta(id)).json.remaining_views).toBe(1);
  await page.getByLabel("Password").fill("open sesame");
  await page.getByRole("button", { name: "Reveal note" }).click();
  await expect(page.getByRole("article").locator("strong")).toHaveText("two");
  await expect(page.getByText("This note has now been destroyed.")).toBeVisible();
});

test("an encrypted note over the limit is explained in terms of encryption", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("Text").fill("x".repeat(400 * 1024));
  await page.getByRole("button", { name: "Create note" }).click();
  await expect(page.locator("#content-0-error")).toHaveText(
    "Encrypted, the note is over the limit of 512 KiB: encryption makes it about a third bigger. " +
      "Shorten it, or turn encryption off.",
  );
});

// The create page, and the viewer of a limited note, on a page that is really not a secure context:
// e2e/browser/secure-context.spec.ts.
test("without WebCrypto, the viewer says so instead of failing, and spends no view", async ({
  page,
  api,
}) => {
  // What a browser offers on a page that is not a secure context: no crypto.subtle.
  await page.addInitScript(() => Object.defineProperty(globalThis.crypto, "subtle", { value: undefined }));
  const reads = countReads(page);
  const { envelope, key } = await sealNote("not here");
  const id = await api.createId({ content: envelope, encrypted: true, ttl: "1h" });
  await page.goto(`/${id}#${key}`);
  await expect(page.getByRole("heading", { name: "This note cannot be decrypted here" })).toBeVisible();
  await expect(page.getByText("Nothing was read: no view was spent.")).toBeVisible();
  expect(reads).toEqual([]);
});
