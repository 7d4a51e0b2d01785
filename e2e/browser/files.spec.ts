import { chunkEdgeFiles, downloadBy, fileInput, sha256 } from "../support/files";
import { noteWithPlainNames, noteWithSealedNames } from "../support/named-files";
import { expect, test } from "./browser-test";
import { createWithFiles, expectEdgeFilesThroughPages, expectSavedAsSent, readerPage } from "./file-pages";

// Files through the pages: the create page sends them (end to end by default), the viewer lists them
// after the read and saves them; what the reader's browser saved is what the writer's was given.

test("end to end: files of 0 B, 1 B, one chunk and one chunk plus one byte arrive as they were", async ({
  page,
  browser,
  baseURL,
}) => {
  await expectEdgeFilesThroughPages(page, browser, baseURL!);
});

test("plain, files only: the server names them, the viewer shows no empty text, links download", async ({
  page,
  browser,
  baseURL,
}) => {
  const files = chunkEdgeFiles();
  const url = await createWithFiles(page, baseURL!, files, "", false);
  expect(url).not.toContain("#");

  const reader = await readerPage(browser, url);
  await expect(reader.getByRole("region", { name: "4 files" })).toBeVisible();
  await expect(reader.getByRole("article", { name: "Note" })).toHaveCount(0);
  for (const file of files) {
    const link = reader.getByRole("link", { name: `Download ${file.name}` });
    await expect(link).toHaveAttribute("href", /\/api\/v1\/shares\/[A-Za-z0-9]{10}\/files\/\d\?grant=/);
    const saved = await downloadBy(reader, () => link.click());
    expect(saved).toEqual({ name: file.name, sha256: sha256(file.buffer) });
  }
  await reader.context().close();
});

test("where the browser can write files, the download goes to the chosen file chunk by chunk", async ({
  page,
  browser,
  baseURL,
}) => {
  const [, , , file] = chunkEdgeFiles();
  if (!file) throw new Error("no file");
  const url = await createWithFiles(page, baseURL!, [file], "");
  const context = await browser.newContext();
  // A save dialog Playwright can answer: the page's writes are kept, one entry per write.
  await context.addInitScript(() => {
    const writes: number[][] = [];
    Object.assign(window, {
      savedWrites: writes,
      showSaveFilePicker: async ({ suggestedName }: { suggestedName: string }) => ({
        createWritable: async () => ({
          write: async (bytes: Uint8Array) => void writes.push(Array.from(bytes)),
          close: async () => Object.assign(window, { savedAs: suggestedName }),
          abort: async () => {},
        }),
      }),
    });
  });
  const reader = await context.newPage();
  await reader.goto(url);
  await reader.getByRole("button", { name: `Download ${file.name}` }).click();
  await expect(reader.getByRole("button", { name: `Download ${file.name}` })).toHaveText("Download again");
  const saved = await reader.evaluate(() => {
    const { savedWrites, savedAs } = window as unknown as { savedWrites: number[][]; savedAs: string };
    return { name: savedAs, sizes: savedWrites.map((write) => write.length), bytes: savedWrites.flat() };
  });
  expect(saved.name).toBe(file.name);
  expect(saved.sizes).toEqual([1048576, 1]);
  expect(sha256(Uint8Array.from(saved.bytes))).toBe(sha256(file.buffer));
  await context.close();
});

test("a note whose files are still on their way says so, and spends no view", async ({ page, api }) => {
  const id = await api.createId({
    content: "soon",
    ttl: "1h",
    burn_after: 1,
    files: [{ name: "later.bin", size: 5 }],
  });
  await page.goto(`/${id}`);
  await expect(page.getByRole("list", { name: "About this note" })).toContainText("1 file");
  await page.getByRole("button", { name: "Reveal note" }).click();
  await expect(page.locator("#password-error")).toHaveText(
    "Its files are still being uploaded: the note opens once they have all arrived. Try again in a moment.",
  );
  expect((await api.meta(id)).json).toMatchObject({ remaining_views: 1, file_count: 1, files_pending: true });
});

test("recipients: each link's reader gets the files, end to end, with one read each", async ({
  page,
  browser,
}) => {
  const [, file] = chunkEdgeFiles();
  if (!file) throw new Error("no file");
  await page.goto("/");
  await page.getByLabel("Read limit").fill("1");
  await page.getByLabel("Names, one per line (optional)").fill("Alice\nBob");
  await fileInput(page).setInputFiles([file]);
  await page.getByRole("button", { name: "Create note" }).click();
  for (const name of ["Alice", "Bob"]) {
    const url = await page.getByRole("textbox", { name }).inputValue();
    expect(url).toMatch(/#[A-Za-z0-9_-]{43}$/);
    const reader = await readerPage(browser, url);
    await reader.getByRole("button", { name: "Reveal note" }).click();
    // One file, in the singular.
    await expect(reader.getByRole("region", { name: "A file" })).toContainText(
      "Download it now: this page can fetch it only for a few minutes after the note was opened.",
    );
    await expectSavedAsSent(reader, [file]);
    await reader.context().close();
  }
});

test("a sender's names: shown without bidirectional controls, a dotfile saved as _name, end to end and plain", async ({
  browser,
  baseURL,
}) => {
  const names = ["invoice\u202etxt.pdf", ".profile"];
  const content = sha256(Buffer.from("named"));
  for (const [kind, link] of [
    ["button", await noteWithSealedNames(baseURL!, names, "named", "text")],
    ["link", await noteWithPlainNames(baseURL!, names, "named", "text")],
  ] as const) {
    const reader = await readerPage(browser, link);
    await expect(reader.locator(".file-name")).toHaveText(["invoicetxt.pdf", ".profile"]);
    for (const [shown, saved] of [
      ["invoicetxt.pdf", "invoicetxt.pdf"],
      [".profile", "_.profile"],
    ]) {
      const control = reader.getByRole(kind, { name: `Download ${shown}` });
      expect(await downloadBy(reader, () => control.click()), `${kind} ${shown}`).toEqual({
        name: saved,
        sha256: content,
      });
    }
    await reader.context().close();
  }
});
