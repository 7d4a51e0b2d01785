import { readQrCode } from "../support/qr-code";
import { expect, issueKey, test } from "./browser-test";
import { guardPage } from "./page-guard";

// The create page at `/`, driven the way a person would: type, choose, submit, open the link.

test("create a note through the form, then open its link", async ({ page, api, baseURL }) => {
  const guard = guardPage(page, baseURL ?? "");
  await page.goto("/");
  await page.getByLabel("Text").fill("# Shopping\n\n- milk\n- **bread**");
  await expect(page.getByRole("region", { name: "Preview of page 1" }).locator("strong")).toHaveText("bread");
  await page.getByLabel("Expires after").selectOption("1h");
  await page.getByLabel("Read limit").fill("3");
  await page.getByRole("button", { name: "Create note" }).click();

  await expect(page.getByRole("heading", { name: "Your note is ready" })).toBeVisible();
  const url = await page.getByRole("textbox", { name: "Link" }).inputValue();
  // Encrypted in the browser by default: the key follows the id in the link's fragment.
  expect(url).toMatch(new RegExp(`^${baseURL}/[A-Za-z0-9]{10}#[A-Za-z0-9_-]{43}$`));
  await expect(page.getByText("Destroyed after 3 reads")).toBeVisible();
  const qrCode = page.getByRole("img", { name: "QR code of the link" });
  await expect(qrCode).toBeVisible();
  expect(await readQrCode(qrCode)).toBe(url);
  const id = new URL(url).pathname.slice(1);
  const meta = await api.meta(id);
  expect(meta.json).toMatchObject({ burn_after: 3, remaining_views: 3, page_count: 1 });
  expect((meta.json.expires_at as number) - (meta.json.created_at as number)).toBe(3600);

  await page.goto(url);
  await expect(page.getByText("This note will be destroyed after 3 more reads")).toBeVisible();
  await page.getByRole("button", { name: "Reveal note" }).click();
  await expect(page.getByRole("article").getByRole("heading", { name: "Shopping" })).toBeVisible();
  await expect(page.getByRole("article").locator("li")).toHaveText(["milk", "bread"]);
  expect((await api.meta(id)).json.remaining_views).toBe(2);
  expect(guard).toEqual({ dialogs: [], foreignRequests: [], cspViolations: [] });
});

test("a password note destroyed after wrong passwords: set on the form, counted down in the viewer", async ({
  page,
  api,
}) => {
  await page.goto("/");
  await page.getByLabel("Text").fill("behind two tries");
  // Without a password the limit is refused, by its field.
  await page.getByLabel("Destroy after this many wrong passwords").fill("2");
  await page.getByRole("button", { name: "Create note" }).click();
  await expect(
    page.getByText("Set a password too: only a note with a password can be destroyed"),
  ).toBeVisible();
  await expect(page.getByLabel("Destroy after this many wrong passwords")).toHaveAttribute(
    "aria-invalid",
    "true",
  );

  await page.getByLabel("Password (optional)").fill("open sesame");
  await page.getByRole("button", { name: "Create note" }).click();
  const url = await page.getByRole("textbox", { name: "Link" }).inputValue();
  const id = new URL(url).pathname.slice(1);
  expect((await api.meta(id)).json).toMatchObject({ password_required: true, password_attempts_left: 2 });

  await page.goto(url);
  await expect(page.getByText("Destroyed after 2 more wrong passwords")).toBeVisible();
  await page.getByLabel("Password").fill("wrong");
  await page.getByRole("button", { name: "Reveal note" }).click();
  await expect(page.locator("#password-error")).toContainText("1 attempt(s) left before it is destroyed");
  await page.getByLabel("Password").fill("wrong again");
  await page.getByRole("button", { name: "Reveal note" }).click();
  await expect(page.locator("#password-error")).toContainText(
    "that was the last attempt allowed: the note is destroyed",
  );
  expect((await api.meta(id)).response.status()).toBe(404);
  // The page itself, not a same-document jump to the link's fragment.
  expect((await page.goto(new URL(url).pathname))?.status()).toBe(404);
});

test("a key unlocks HTML and permanent notes", async ({ page, api }) => {
  const key = await issueKey();
  await page.goto("/");
  await expect(page.getByRole("option", { name: "HTML (needs an API key)" })).toBeDisabled();
  await page.getByLabel("API key (optional)").fill(key);
  // The server renders (and reports) the format only of notes sent as text.
  await page.getByRole("switch", { name: "Encrypt in this browser (end to end)" }).uncheck();
  await page.getByLabel("Format").selectOption("html");
  await page.getByLabel("Text").fill('<p style="color: red; position: fixed">red</p>');
  await expect(page.getByRole("region", { name: "Preview of page 1" }).locator("p")).toHaveAttribute(
    "style",
    "color:red",
  );
  await page.getByLabel("Never expires (needs an API key)").check();
  await page.getByRole("button", { name: "Create note" }).click();
  await expect(page.getByText("Never expires")).toBeVisible();
  const id = (await page.getByRole("textbox", { name: "Link" }).inputValue()).slice(-10);
  expect((await api.meta(id)).json).toMatchObject({ expires_at: null, content_type: "html" });
});

test("pages: add, title, reorder and remove, then navigate them in the viewer", async ({ page }) => {
  await page.goto("/");
  // Sent as text, so the fragment is free to name a page (an encrypted note's fragment is its key).
  await page.getByRole("switch", { name: "Encrypt in this browser (end to end)" }).uncheck();
  await page.getByLabel("Text").fill("first text");
  await page.getByRole("button", { name: "Add a page" }).click();
  await page.getByRole("button", { name: "Add a page" }).click();
  await page.getByLabel("Title of page 1").fill("One");
  await page.getByLabel("Title of page 2").fill("Two");
  await page.getByLabel("Text of page 2").fill("second text");
  await page.getByLabel("Title of page 3").fill("Three");
  await page.getByLabel("Text of page 3").fill("third text");
  await page.getByRole("button", { name: "Move page 3 up" }).click();
  await expect(page.getByLabel("Title of page 2")).toHaveValue("Three");
  await page.getByRole("button", { name: "Remove page 1" }).click();
  await expect(page.getByLabel("Title of page 1")).toHaveValue("Three");
  await page.getByRole("button", { name: "Create note" }).click();
  await expect(page.getByText("2 pages")).toBeVisible();
  const url = await page.getByRole("textbox", { name: "Link" }).inputValue();

  // No password and no read limit: the note opens at once.
  await page.goto(`${url}#page-2`);
  const tabs = page.getByRole("tab");
  await expect(tabs).toHaveText(["Three", "Two"]);
  await expect(page.getByRole("tab", { name: "Two" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toHaveText("second text");

  await page.getByRole("tab", { name: "Two" }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("tab", { name: "Three" })).toBeFocused();
  await expect(page.getByRole("tabpanel")).toHaveText("third text");
  expect(new URL(page.url()).hash).toBe("#page-1");

  await page.keyboard.press("End");
  await expect(page.getByRole("tabpanel")).toHaveText("second text");
  await page.evaluate(() => {
    window.location.hash = "#page-1";
  });
  await expect(page.getByRole("tabpanel")).toHaveText("third text");
});

test("the preview keeps words after a mentioned tag, and in-note links scroll without spending a read", async ({
  page,
  api,
}) => {
  await page.goto("/");
  const text =
    "# Setup\n\nUse <style> for CSS, **not** inline.\n\n" +
    "filler\n\n".repeat(60) +
    "[back to Setup](#setup)";
  await page.getByLabel("Text").fill(text);
  const preview = page.getByRole("region", { name: "Preview of page 1" });
  await expect(preview.locator("p").first()).toHaveText("Use <style> for CSS, not inline.");
  await expect(preview.locator("strong")).toHaveText("not");
  await expect(preview.getByRole("heading", { name: "Setup" })).toHaveAttribute("id", "user-content-setup");
  await page.getByLabel("Read limit").fill("2");
  // Sent as text, so the fragment is free to name a heading (an encrypted note's fragment is its key).
  await page.getByRole("switch", { name: "Encrypt in this browser (end to end)" }).uncheck();
  await page.getByRole("button", { name: "Create note" }).click();
  const url = await page.getByRole("textbox", { name: "Link" }).inputValue();

  await page.goto(url);
  await page.getByRole("button", { name: "Reveal note" }).click();
  const article = page.getByRole("article");
  const heading = article.getByRole("heading", { name: "Setup" });
  await expect(heading).toBeVisible();
  await article.getByRole("link", { name: "back to Setup" }).click();
  await expect(page).toHaveURL(`${url}#user-content-setup`);
  await expect(heading).toBeInViewport();
  await expect(article.locator("p").first()).toHaveText("Use <style> for CSS, not inline.");
  expect((await api.meta(url.slice(-10))).json.remaining_views).toBe(1);
});
