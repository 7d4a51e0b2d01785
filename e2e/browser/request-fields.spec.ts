import type { Request } from "@playwright/test";
import { expect, issueKey, test } from "./browser-test";

// The pages send the API only fields it knows: the server refuses any other (unknown_field), so
// every option of the create form and the viewer's password, sent together, must still succeed.

const bodyOf = (request: Request) => JSON.parse(request.postData() ?? "{}") as Record<string, unknown>;

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
  const [create] = await Promise.all([
    page.waitForRequest((request) => request.url().endsWith("/api/v1/shares")),
    page.getByRole("button", { name: "Create note" }).click(),
  ]);
  expect(Object.keys(bodyOf(create)).sort()).toEqual([
    "burn_after",
    "burn_after_failures",
    "pages",
    "password",
    "recipients",
    "ttl",
  ]);
  expect((await create.response())?.status()).toBe(201);

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

test("with a key: a permanent HTML note, encrypted or not", async ({ page }) => {
  const key = await issueKey();
  await page.goto("/");
  await page.getByLabel("API key (optional)").fill(key);
  await page.getByLabel("Text").fill("<b>kept</b>");
  await page.getByLabel("Never expires (needs an API key)").check();
  const [sealed] = await Promise.all([
    page.waitForRequest((request) => request.url().endsWith("/api/v1/shares")),
    page.getByRole("button", { name: "Create note" }).click(),
  ]);
  expect(Object.keys(bodyOf(sealed)).sort()).toEqual(["content", "encrypted", "permanent"]);
  expect((await sealed.response())?.status()).toBe(201);

  await page.goto("/");
  await page.getByLabel("API key (optional)").fill(key);
  await page.getByRole("switch", { name: "Encrypt in this browser (end to end)" }).uncheck();
  await page.getByLabel("Format").selectOption("html");
  await page.getByLabel("Text").fill("<b>kept</b>");
  await page.getByLabel("Never expires (needs an API key)").check();
  const [plain] = await Promise.all([
    page.waitForRequest((request) => request.url().endsWith("/api/v1/shares")),
    page.getByRole("button", { name: "Create note" }).click(),
  ]);
  expect(Object.keys(bodyOf(plain)).sort()).toEqual(["content", "format", "permanent"]);
  expect((await plain.response())?.status()).toBe(201);
});
