import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create, expectEdgeFilesThroughCli, savedSha256 } from "../support/cli-files";
import { describeFileTransfers } from "../support/file-suite";
import { startEmbeddedServer, startS3FileServer, type FileServer } from "../support/file-servers";
import { MiB, writeRandomFile } from "../support/files";
import { timeouts } from "../support/timeouts";
import { expect, test } from "./browser-test";
import { expectEdgeFilesThroughPages, expectLargeFileThroughPages } from "./file-pages";
import { expectDroppedUploadResumes } from "./file-resume";

// The files of the shared server's specs (Postgres, chunks as rows: e2e/api/files.spec.ts,
// cli-files*.spec.ts, files.spec.ts, files-large.spec.ts) on the two other storages: the embedded
// database (`npm start` without DATABASE_URL) and FILE_STORAGE=s3 against an s3rver. One server per
// storage serves all three interfaces, so this spec sits in the browser project, which has
// Chromium: the API suite, then the CLI and the pages with files of 0 B, 1 B, one chunk and one chunk
// plus a byte in one note, an upload from the page whose connection drops and resumes, and one
// 200 MiB file read from disk, SHA-256 compared at both ends.
// (What the S3 bucket holds after each way a note goes: e2e/api/files-s3.spec.ts.)

const storages: Record<string, () => Promise<FileServer>> = {
  "the embedded database": () => startEmbeddedServer(),
  "S3 storage": () => startS3FileServer(),
};

for (const [storage, start] of Object.entries(storages)) {
  test.describe(`every interface on ${storage}`, () => {
    test.describe.configure({ mode: "serial" });
    let server: FileServer;
    let folder: string;
    const large = { path: "", digest: "" };

    test.beforeAll(async () => {
      test.setTimeout(timeouts.serverTest);
      folder = await mkdtemp(join(tmpdir(), "notes-files-storages-"));
      large.path = join(folder, "large.bin");
      large.digest = await writeRandomFile(large.path, 200 * MiB);
      server = await start();
    });

    test.afterAll(async () => {
      await server?.close();
      if (folder) await rm(folder, { recursive: true, force: true });
    });

    describeFileTransfers(() => server.url, { largeOnce: true });

    test("CLI: files of 0 B, 1 B, 1 MiB and 1 MiB + 1 arrive whole, beside the text", async () => {
      await expectEdgeFilesThroughCli(server.url, "end to end");
    });

    test("CLI: a file of 200 MiB arrives whole", async () => {
      // Two runs of the CLI (create, read), each of which may take minutes on the embedded database.
      test.setTimeout(2 * timeouts.largeFile);
      const link = await create(server.url, ["--file", large.path], "", timeouts.largeFile);
      expect(await savedSha256(link, "large.bin")).toBe(large.digest);
    });

    test("pages: files of 0 B, 1 B, one chunk and one chunk plus one byte arrive as they were", async ({
      page,
      browser,
    }) => {
      await expectEdgeFilesThroughPages(page, browser, server.url);
    });

    test("pages: a dropped connection is retried, and a chunk that had landed is not sent again", async ({
      page,
      browser,
    }) => {
      await expectDroppedUploadResumes(page, browser, server.url);
    });

    test("pages: a 200 MiB file goes up, asks before it comes down, and arrives whole", async ({
      page,
      browser,
    }) => {
      test.setTimeout(2 * timeouts.largeFile);
      const took = await expectLargeFileThroughPages(page, browser, server.url, large);
      console.log(
        `200 MiB through the pages on ${storage}: upload ${took.uploadSeconds.toFixed(1)} s, download ${took.downloadSeconds.toFixed(1)} s`,
      );
    });
  });
}
