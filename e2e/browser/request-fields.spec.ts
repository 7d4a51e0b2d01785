import type { Page, Request } from "@playwright/test";
import { expect, issueKey, test } from "./browser-test";

// The pages send the API only fields it knows: the server refuses any other (unknown_field), so
// every option of the create form and the viewer's password, sent together, must still succeed.

const bodyOf = (request: Request) => JSON.parse(request.postData() ?? "{}") as Record<string, unknown>;

/** Submits the create form: the fields its request sent, once the server has created the note. */
async function createdFields(page: Page): Promise<string[]> {
  const [create] = await Promise.all([
    page.waitForRequest((request) => request.url().endsWith("/api/v1/shares")),
    page.getByRole("button", { name: "Create note" }).click(),
  ]);
  expect((await create.response())?.status()).toBe(201);
  return Object.keys(bodyOf(create)).sort();
}

test("the create form with every option, and the viewer's read, send only known fields", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("switch", { name: "Encrypt in this browser (end to end)" }).uncheck();
  await page.getByLabel("Text").fill("first");
  await page.getByRole("button", { name: "Add a page" }).click();
  await page.getByLabel("Title of page 1").fill("One");
  await page.getByLabel("Title of page 2").fill("Two");
  await page.getByLabel("Text of page 2").fill("second");
  await page.getByLabel("Expires after").selectOption("1h");
  await page.getByLabel("Read limit").fill("3");
  await page.getByLabel("Password (optional)").fill("open sesame");
  await page.getByLabel("Destroy after this many wrong passwords").fill("2");
  await page.getByLabel("Names, one per line (optional)").fill("Alice\nBob");
  expect(await createdFields(page)).toEqual([
    "burn_after",
    "burn_after_failures",
    "pages",
    "password",
    "recipients",
    "ttl",
  ]);

  const alice = await page.getByRole("textbox", { name: "Alice" }).inputValue();
  await page.goto(alice);
  await page.getByLabel("Password").fill("open sesame");
  const [read] = await Promise.all([
    page.waitForRequest((request) => request.url().endsWith("/read")),
    page.getByRole("button", { name: "Reveal note" }).click(),
  ]);
  expect(bodyOf(read)).toEqual({ password: "open sesame" });
  expect((await read.response())?.status()).toBe(200);
});

test("with a key: a permanent note, encrypted, and in HTML sent as text", async ({ page }) => {
  const key = await issueKey();
  for (const encrypted of [true, false]) {
    await page.goto("/");
    await page.getByLabel("API key (optional)").fill(key);
    if (!encrypted) {
      await page.getByRole("switch", { name: "Encrypt in this browser (end to end)" }).uncheck();
      await page.getByLabel("Format").selectOption("html");
    }
    await page.getByLabel("Text").fill("<b>kept</b>");
    await page.getByLabel("Never expires (needs an API key)").check();
    expect(await createdFields(page)).toEqual(
      encrypted ? ["content", "encrypted", "key_proof", "permanent"] : ["content", "format", "permanent"],
    );
  }
});
