import { notesCli, writeTempFiles } from "../support/notes-cli";
import { expect, test } from "./browser-test";

// The command-line client and the web pages seal with the same envelope module: a link made by
// either opens in the other.

test("a note the client sealed opens in the viewer, pages and titles included", async ({ page, baseURL }) => {
  const files = await writeTempFiles({ "intro.md": "first **bold**", "details.md": "second text" });
  const created = await notesCli(["create", "--server", baseURL!, "--pages", ...files]);
  expect(created.code, created.stderr).toBe(0);
  await page.goto(created.stdout.trimEnd());
  await expect(page.getByRole("tab")).toHaveText(["intro", "details"]);
  await expect(page.getByRole("tabpanel").locator("strong")).toHaveText("bold");
  await page.getByRole("tab", { name: "details" }).click();
  await expect(page.getByRole("tabpanel")).toHaveText("second text");
});

test("a note the create page sealed opens in the client", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("Text").fill("from the **browser**");
  await page.getByRole("button", { name: "Create note" }).click();
  const url = await page.getByRole("textbox", { name: "Link" }).inputValue();
  expect(url).toMatch(/#[A-Za-z0-9_-]{43}$/);
  expect(await notesCli(["read", url])).toEqual({ code: 0, stdout: "from the **browser**", stderr: "" });
});

test("a password typed on the create page opens the note in the client in the other Unicode spelling", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByLabel("Text").fill("au lait");
  // "café" with a precomposed é (NFC) here, with e and a combining accent (NFD) in the client.
  await page.getByLabel("Password (optional)").fill("caf\u00e9");
  await page.getByLabel("Read limit").fill("1");
  await page.getByRole("button", { name: "Create note" }).click();
  const url = await page.getByRole("textbox", { name: "Link" }).inputValue();
  const read = await notesCli(["read", url], { env: { NOTES_PASSWORD: "cafe\u0301" } });
  expect(read).toEqual({ code: 0, stdout: "au lait", stderr: "" });
});
