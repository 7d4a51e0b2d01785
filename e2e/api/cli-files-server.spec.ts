import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { createTestDatabase, type TestDatabase } from "../../lib/test/database";
import { folder, randomFile, savedSha256 } from "../support/cli-files";
import { expectCliUploadResumes } from "../support/cli-resumed-upload";
import { dumpDatabase } from "../support/dump-database";
import { startS3FileServer, type S3FileServer } from "../support/file-servers";
import { MiB, sha256OfPath } from "../support/files";
import { expect, test } from "../support/fixtures";
import { notesCli } from "../support/notes-cli";
import { startRecordingProxy, type RecordingProxy } from "../support/recording-proxy";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";

// The command-line client's files against servers of this spec's own, each reached through a TCP
// proxy that records every byte the client sends and can drop the connection
// (e2e/support/recording-proxy.ts). On Postgres storage: files of 200 MiB (over the default 100 MiB
// limit, so this server allows more), an upload that resumes after its connection was dropped, and
// the proof that for an end-to-end file no request, no row and no log line holds its plaintext,
// its name or the link's key. On S3 storage (FILE_STORAGE=s3 against an s3rver of its own) the
// resumed upload again, its chunks counted as objects in the bucket. (The 200 MiB files on S3
// storage: e2e/browser/files-storages.spec.ts.)

test.describe("on Postgres storage", () => {
  test.describe.configure({ mode: "serial" });
  let database: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  let proxy: RecordingProxy | undefined;

  test.beforeAll(async () => {
    test.setTimeout(timeouts.serverTest);
    database = await createTestDatabase("cli_files");
    server = await startServer({
      env: {
        DATABASE_URL: database.url,
        FILE_MAX_BYTES: String(256 * MiB),
        FILES_MAX_TOTAL_BYTES: String(512 * MiB),
      },
    });
    proxy = await startRecordingProxy(server.port);
  });

  test.afterAll(async () => {
    await proxy?.close();
    await server?.stop();
    await database?.drop();
  });

  /** The rows of file_chunks, where this server's store keeps each chunk. */
  async function rowsOfFileChunks() {
    const client = new pg.Client({ connectionString: database!.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM file_chunks",
      );
      return rows[0]!.count;
    } finally {
      await client.end();
    }
  }

  // First, while the database holds this test's rows alone: its dump is searched whole.
  test("an end-to-end file's plaintext, name and key reach no request, no row and no log line", async () => {
    test.setTimeout(timeouts.serverTest);
    const marker = `plaintext-${randomBytes(8).toString("hex")}`;
    const name = `name-${randomBytes(8).toString("hex")}.txt`;
    const directory = await folder("private");
    const file = path.join(directory, name);
    // A chunk and a half of the marker, so that it lies across a chunk's edge too.
    await writeFile(file, marker.repeat(Math.ceil((1.5 * MiB) / marker.length)));
    proxy!.forget();
    const created = await notesCli(["create", "--file", file], { env: { NOTES_SERVER: proxy!.url } });
    expect(created, created.stderr).toMatchObject({ code: 0 });
    const link = created.stdout.trimEnd();
    const key = link.split("#")[1]!;
    expect(await savedSha256(link, name)).toBe(await sha256OfPath(file));

    expect(proxy!.requests()).toEqual([
      "POST /api/v1/shares",
      "PUT /api/v1/shares/ID/files/0/chunks/0",
      "PUT /api/v1/shares/ID/files/0/chunks/1",
      "GET /api/v1/shares/ID/meta",
      "POST /api/v1/shares/ID/read",
      "GET /api/v1/shares/ID/files/0?grant=G",
    ]);
    const traffic = proxy!.traffic();
    expect(traffic.length).toBeGreaterThan(1.5 * MiB);
    const dump = await dumpDatabase(database!.url);
    expect(dump).toContain(link.split("/").pop()!.split("#")[0]);
    const log = server!.stdout() + server!.stderr();
    const hex = (text: string) => Buffer.from(text).toString("hex");
    for (const secret of [marker, name, key]) {
      expect(traffic).not.toContain(secret);
      expect(dump).not.toContain(secret);
      expect(dump).not.toContain(hex(secret));
      expect(log).not.toContain(secret);
    }
  });

  for (const mode of ["end to end", "plain"] as const) {
    test(`${mode}: a file of 200 MiB arrives whole`, async () => {
      test.setTimeout(timeouts.serverTest);
      const { file, sha256 } = await randomFile("large.bin", 200 * MiB);
      const flags = mode === "plain" ? ["--no-encrypt"] : [];
      const created = await notesCli(["create", ...flags, "--file", file], {
        env: { NOTES_SERVER: proxy!.url },
      });
      expect(created, created.stderr).toMatchObject({ code: 0 });
      expect(await savedSha256(created.stdout.trimEnd(), "large.bin")).toBe(sha256);
    });
  }

  test("an upload whose connection drops, or whose answers are lost, resumes where the server stopped", async () => {
    test.setTimeout(timeouts.serverTest);
    await expectCliUploadResumes(proxy!, rowsOfFileChunks);
  });
});

test.describe("on S3 storage", () => {
  let installed: S3FileServer | undefined;
  let proxy: RecordingProxy | undefined;

  test.beforeAll(async () => {
    test.setTimeout(timeouts.serverTest);
    installed = await startS3FileServer();
    proxy = await startRecordingProxy(installed.server.port);
  });

  test.afterAll(async () => {
    await proxy?.close();
    await installed?.close();
  });

  /** The objects in the bucket, where this server's store keeps each chunk. */
  const objectsInBucket = async () => (await installed!.s3.objectKeys()).length;

  test("an upload whose connection drops, or whose answers are lost, resumes where the server stopped", async () => {
    test.setTimeout(timeouts.serverTest);
    await expectCliUploadResumes(proxy!, objectsInBucket);
  });
});
