import type { Browser, Page } from "@playwright/test";
import {
  chunkEdgeFiles,
  downloadBy,
  fileInput,
  idOf,
  sha256,
  withoutSavePicker,
  type TestFile,
} from "../support/files";
import { timeouts } from "../support/timeouts";
import { expect } from "./browser-test";

// Files through the pages of the server at `base`, as the files specs drive them: the create page
// sends them (end to end by default), a reader's browser of its own saves them, and what it saved
// is compared with what the writer's browser was given. Used against the shared server
// (files.spec.ts, files-large.spec.ts) and the other storages (files-storages.spec.ts).

const encryptSwitch = (page: Page) =>
  page.getByRole("switch", { name: "Encrypt in this browser (end to end)" });

/** Creates a note of `text` (none: files only) and `files` on the create page; its link. */
export async function createWithFiles(
  page: Page,
  base: string,
  files: TestFile[],
  text: string,
  encrypt = true,
): Promise<string> {
  await page.goto(`${base}/`);
  if (!encrypt) await encryptSwitch(page).uncheck();
  if (text) await page.getByLabel("Text").fill(text);
  await fileInput(page).setInputFiles(files);
  await expect(page.getByRole("list", { name: "Files to send" }).getByRole("listitem")).toHaveCount(
    files.length,
  );
  await page.getByRole("button", { name: "Create note" }).click();
  await expect(page.getByRole("heading", { name: "Your note is ready" })).toBeVisible();
  return page.getByRole("textbox", { name: "Link" }).inputValue();
}

/** Opens the link in a browser of its own, as the reader would. */
export async function readerPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext();
  await withoutSavePicker(context);
  const reader = await context.newPage();
  await reader.goto(url);
  return reader;
}

/** Saves every file from the reader's page and compares each with the original. */
export async function expectSavedAsSent(reader: Page, files: TestFile[]) {
  for (const file of files) {
    const saved = await downloadBy(reader, () =>
      reader.getByRole("button", { name: `Download ${file.name}` }).click(),
    );
    expect(saved).toEqual({ name: file.name, sha256: sha256(file.buffer) });
  }
}

/** Files of 0 B, 1 B, one chunk and one chunk plus a byte, end to end beside a text, saved whole. */
export async function expectEdgeFilesThroughPages(page: Page, browser: Browser, base: string) {
  const files = chunkEdgeFiles();
  const url = await createWithFiles(page, base, files, "the files are below");
  expect(url).toMatch(/#[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText("End-to-end encrypted: the key is the part of the link after #")).toBeVisible();
  const meta = await (await fetch(`${base}/api/v1/shares/${idOf(url)}/meta`)).json();
  expect(meta).toMatchObject({ encrypted: true, files_pending: false });

  const reader = await readerPage(browser, url);
  await expect(reader.getByRole("region", { name: "4 files" })).toBeVisible();
  const rows = reader.getByRole("region", { name: "4 files" }).getByRole("listitem");
  await expect(rows).toHaveText([
    /empty\.bin\s*application\/octet-stream\s*0 B/,
    /one-byte\.txt\s*text\/plain\s*1 B/,
    /one-chunk\.bin\s*application\/octet-stream\s*1 MiB/,
    /chunk-plus-one\.bin\s*application\/octet-stream\s*1 MiB/,
  ]);
  await expect(reader.getByRole("article", { name: "Note" })).toHaveText("the files are below");
  await expectSavedAsSent(reader, files);
  await reader.context().close();
}

/**
 * A 200 MiB file (`path`, named large.bin, of SHA-256 `digest`) end to end: the writer's browser
 * reads and seals it 1 MiB at a time, the reader's is warned before the download and saves it chunk
 * by chunk. Answers how long each way took, in seconds.
 */
export async function expectLargeFileThroughPages(
  page: Page,
  browser: Browser,
  base: string,
  large: { path: string; digest: string },
) {
  await page.goto(`${base}/`);
  await expect(page.getByText("each up to 256 MiB")).toBeVisible();
  await fileInput(page).setInputFiles(large.path);
  const started = Date.now();
  await page.getByRole("button", { name: "Create note" }).click();
  await expect(page.getByRole("progressbar", { name: "All files" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your note is ready" })).toBeVisible({
    timeout: timeouts.largeFile,
  });
  const uploadSeconds = (Date.now() - started) / 1000;
  const url = await page.getByRole("textbox", { name: "Link" }).inputValue();

  const reader = await readerPage(browser, url);
  await reader.getByRole("button", { name: "Download large.bin" }).click();
  const warning = reader.getByRole("alertdialog", { name: "Large download" });
  await expect(warning).toHaveText(/This file is 200 MiB\. Download it anyway\?/);
  await warning.getByRole("button", { name: "Not now" }).click();
  await expect(warning).toHaveCount(0);
  await reader.getByRole("button", { name: "Download large.bin" }).click();
  const downloadStarted = Date.now();
  const saved = await downloadBy(reader, async () => {
    await warning.getByRole("button", { name: "Download anyway" }).click();
    await expect(reader.getByRole("progressbar", { name: "Progress of large.bin" })).toBeVisible();
  });
  const downloadSeconds = (Date.now() - downloadStarted) / 1000;
  expect(saved).toEqual({ name: "large.bin", sha256: large.digest });
  await reader.context().close();
  return { uploadSeconds, downloadSeconds };
}
