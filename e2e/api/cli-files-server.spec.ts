import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { createTestDatabase, type TestDatabase } from "../../lib/test/database";
import { folder, savedSha256 } from "../support/cli-files";
import { dumpDatabase } from "../support/dump-database";
import { MiB } from "../support/file-transfer";
import { sha256OfPath, writeRandomFile } from "../support/files";
import { expect, test } from "../support/fixtures";
import { notesCli } from "../support/notes-cli";
import { testPorts } from "../support/ports";
import { startServer, type ServerProcess } from "../support/server-process";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";
import { timeouts } from "../support/timeouts";

// The command-line client's files against a server of this spec's own, reached through a TCP proxy
// that records every byte the client sends and can drop the connection: files of 200 MiB (over
// the default 100 MiB limit, so this server allows more), an upload that resumes after its
// connection was dropped, and the proof that for an end-to-end file no request, no row and no log
// line holds its plaintext, its name or the link's key.

test.describe.configure({ mode: "serial" });

let database: TestDatabase | undefined;
let server: ServerProcess | undefined;
let proxy: TcpProxy | undefined;
let sent: Buffer[] = [];
const through = `http://127.0.0.1:${testPorts.cliFilesProxy}`;

test.beforeAll(async () => {
  test.setTimeout(timeouts.serverTest);
  database = await createTestDatabase("cli_files");
  server = await startServer({
    port: testPorts.cliFilesServer,
    env: {
      DATABASE_URL: database.url,
      FILE_MAX_BYTES: String(256 * MiB),
      FILES_MAX_TOTAL_BYTES: String(512 * MiB),
    },
  });
  proxy = await startTcpProxy({
    port: testPorts.cliFilesProxy,
    target: { host: "127.0.0.1", port: testPorts.cliFilesServer },
    onClientData: (chunk) => sent.push(chunk),
  });
});

test.afterAll(async () => {
  await proxy?.close();
  await server?.stop();
  await database?.drop();
});

/** A file of `size` random bytes in a new folder: its path and SHA-256. */
async function bigFile(name: string, size: number) {
  const file = path.join(await folder("send"), name);
  return { file, sha256: await writeRandomFile(file, size) };
}

/**
 * The API requests recorded since `sent` was emptied, ids and grants made alike. A request line
 * follows the body before it on a kept-alive connection, so it is searched for, not read line by line.
 */
function requestsSent() {
  const traffic = Buffer.concat(sent).toString("latin1");
  return [...traffic.matchAll(/(GET|PUT|POST|HEAD) (\/api\/v1\/\S+) HTTP\/1\.1\r\n/g)].map(
    ([, method, target]) =>
      `${method} ${target!.replace(/[A-Za-z0-9]{10}/, "ID").replace(/grant=\S+/, "grant=G")}`,
  );
}

async function storedChunks() {
  const client = new pg.Client({ connectionString: database!.url });
  await client.connect();
  try {
    return (await client.query<{ count: number }>("SELECT count(*)::int AS count FROM file_chunks")).rows[0]!
      .count;
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
  sent = [];
  const created = await notesCli(["create", "--file", file], { env: { NOTES_SERVER: through } });
  expect(created, created.stderr).toMatchObject({ code: 0 });
  const link = created.stdout.trimEnd();
  const key = link.split("#")[1]!;
  expect(await savedSha256(link, name)).toBe(await sha256OfPath(file));

  const requests = requestsSent();
  expect(requests).toEqual([
    "POST /api/v1/shares",
    "PUT /api/v1/shares/ID/files/0/chunks/0",
    "PUT /api/v1/shares/ID/files/0/chunks/1",
    "GET /api/v1/shares/ID/meta",
    "POST /api/v1/shares/ID/read",
    "GET /api/v1/shares/ID/files/0?grant=G",
  ]);
  const traffic = Buffer.concat(sent).toString("latin1");
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
    const { file, sha256 } = await bigFile("large.bin", 200 * MiB);
    const flags = mode === "plain" ? ["--no-encrypt"] : [];
    const created = await notesCli(["create", ...flags, "--file", file], { env: { NOTES_SERVER: through } });
    expect(created, created.stderr).toMatchObject({ code: 0 });
    expect(await savedSha256(created.stdout.trimEnd(), "large.bin")).toBe(sha256);
  });
}

test("an upload whose connection drops, or whose answers are lost, resumes where the server stopped", async () => {
  test.setTimeout(timeouts.serverTest);
  const size = 64 * MiB + 7;
  const { file, sha256 } = await bigFile("resumed.bin", size);
  const before = await storedChunks();
  const stored = async () => (await storedChunks()) - before;
  const pause = () => new Promise((resolve) => setTimeout(resolve, 1500));
  sent = [];
  const running = notesCli(["create", "--file", file], { env: { NOTES_SERVER: through } });
  await expect.poll(stored, { intervals: [20] }).toBeGreaterThanOrEqual(3);
  // Every connection dropped, new ones refused for a while: the chunk in flight is lost.
  proxy!.setMode("refuse");
  const whenDropped = await stored();
  await pause();
  proxy!.setMode("up");
  await expect.poll(stored, { intervals: [20] }).toBeGreaterThanOrEqual(whenDropped + 3);
  // Then every answer lost: the chunks arrive, the client cannot know.
  proxy!.setMode("reset");
  const whenReset = await stored();
  await pause();
  proxy!.setMode("up");
  const created = await running;
  expect(created, created.stderr).toMatchObject({
    code: 0,
    stderr: expect.stringMatching(/^delete-token: /),
  });
  expect(whenReset).toBeLessThan(65);
  expect(await stored()).toBe(65);
  // It sent the lost chunk again, asked the server how far it had come, and every chunk went out.
  const requests = requestsSent();
  const puts = requests.filter((request) => request.startsWith("PUT ")).map((put) => put.split("/").pop());
  expect(puts.length).toBeGreaterThan(65);
  expect(new Set(puts)).toEqual(new Set(Array.from({ length: 65 }, (_, index) => String(index))));
  expect(requests).toContain("GET /api/v1/shares/ID/files/0");
  expect(await savedSha256(created.stdout.trimEnd(), "resumed.bin")).toBe(sha256);
});
