import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { databaseUrl } from "../support/fixtures";
import { downloadBy, fileInput, MiB, withoutSavePicker } from "../support/files";
import { testPorts } from "../support/ports";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";
import { expect, test } from "./browser-test";

// A 200 MiB file end to end through the pages, on a server whose per-file limit allows it: the
// writer's browser reads and seals it 1 MiB at a time, the reader's is warned before the download
// and saves it chunk by chunk; what it saved is what was sent.

const SIZE = 200 * MiB;

test.describe("a 200 MiB file", () => {
  test.describe.configure({ mode: "serial" });
  let server: ServerProcess;
  let folder: string;
  let path: string;
  let digest: string;

  test.beforeAll(async () => {
    test.setTimeout(timeouts.serverTest);
    folder = await mkdtemp(join(tmpdir(), "notes-files-"));
    path = join(folder, "large.bin");
    const hash = createHash("sha256");
    const file = await open(path, "w");
    for (let written = 0; written < SIZE; written += MiB) {
      const block = randomBytes(MiB);
      hash.update(block);
      await file.write(block);
    }
    await file.close();
    digest = hash.digest("hex");
    server = await startServer({
      port: testPorts.filesLarge,
      env: { DATABASE_URL: databaseUrl, FILE_MAX_BYTES: String(256 * MiB) },
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  test("goes up, asks before it comes down, and arrives whole", async ({ page, browser }) => {
    test.setTimeout(10 * 60_000);
    await page.goto(`${server.url}/`);
    await expect(page.getByText("each up to 256 MiB")).toBeVisible();
    await fileInput(page).setInputFiles(path);
    const started = Date.now();
    await page.getByRole("button", { name: "Create note" }).click();
    await expect(page.getByRole("progressbar", { name: "All files" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your note is ready" })).toBeVisible({
      timeout: 5 * 60_000,
    });
    const uploadSeconds = (Date.now() - started) / 1000;
    const url = await page.getByRole("textbox", { name: "Link" }).inputValue();

    const context = await browser.newContext();
    await withoutSavePicker(context);
    const reader = await context.newPage();
    await reader.goto(url);
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
    expect(saved).toEqual({ name: "large.bin", sha256: digest });
    console.log(
      `200 MiB through the pages: upload ${uploadSeconds.toFixed(1)} s, download ${downloadSeconds.toFixed(1)} s`,
    );
    await context.close();
  });
});
