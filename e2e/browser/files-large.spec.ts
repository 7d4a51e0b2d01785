import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { databaseUrl } from "../support/fixtures";
import { MiB, writeRandomFile } from "../support/files";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";
import { test } from "./browser-test";
import { expectLargeFileThroughPages } from "./file-pages";

// A 200 MiB file end to end through the pages, on a server of the shared database whose per-file
// limit allows it (file-pages.ts says what the browsers do). The same on the embedded database and
// S3 storage: files-storages.spec.ts.

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
    digest = await writeRandomFile(path, 200 * MiB);
    server = await startServer({
      env: { DATABASE_URL: databaseUrl, FILE_MAX_BYTES: String(256 * MiB) },
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  test("goes up, asks before it comes down, and arrives whole", async ({ page, browser }) => {
    test.setTimeout(2 * timeouts.largeFile);
    const took = await expectLargeFileThroughPages(page, browser, server.url, { path, digest });
    console.log(
      `200 MiB through the pages: upload ${took.uploadSeconds.toFixed(1)} s, download ${took.downloadSeconds.toFixed(1)} s`,
    );
  });
});
