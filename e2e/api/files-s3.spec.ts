import { randomBytes } from "node:crypto";
import pg from "pg";
import { sealNote } from "../../lib/crypto/envelope";
import { parseS3Settings } from "../../lib/files/s3-settings";
import { S3FileStore } from "../../lib/files/s3-store";
import { createDatabase, dropDatabase } from "../../lib/test/database";
import { expect, test } from "../support/fixtures";
import {
  chunkSizes,
  downloadFile,
  MiB,
  putChunk,
  uploadFile,
  type DeclaredFile,
  type FileKind,
} from "../support/file-round-trip";
import { testPorts } from "../support/ports";
import { startS3Server, type S3Server } from "../support/s3-server";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";

// Files with FILE_STORAGE=s3, against s3rver (a real S3 API, e2e/support/s3-server.ts): the same
// round trips as on Postgres, SHA-256 compared at both ends; the chunks counted in the bucket
// through each way a note goes; and a store that goes away mid-upload.

type Json = Record<string, unknown>;

interface Installation {
  server: ServerProcess;
  s3: S3Server;
  /** the bucket as the service sees it, to count what it holds */
  bucket: S3FileStore;
  sql: pg.Client;
  close(): Promise<void>;
}

const cronSecret = randomBytes(24).toString("hex");

async function install(serverPort: number, storePort: number): Promise<Installation> {
  const name = `notes_e2e_files_s3_${randomBytes(5).toString("hex")}`;
  const databaseUrl = await createDatabase(name);
  const s3 = await startS3Server({ port: storePort });
  const bucket = new S3FileStore(parseS3Settings(s3.variables));
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  let server: ServerProcess | undefined;
  const close = async () => {
    await server?.stop();
    bucket.close();
    await sql.end();
    await s3.remove();
    await dropDatabase(name);
  };
  try {
    server = await startServer({
      port: serverPort,
      env: {
        DATABASE_URL: databaseUrl,
        FILE_STORAGE: "s3",
        ...s3.variables,
        FILE_MAX_BYTES: String(200 * MiB),
        FILES_MAX_TOTAL_BYTES: String(400 * MiB),
        FILE_GRANT_SECONDS: "10",
        CRON_SECRET: cronSecret,
        CLEANUP_INTERVAL_SECONDS: "0",
      },
    });
    return { server, s3, bucket, sql, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function send(url: string, method: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : {}) as Json };
}

/** A note with one file of `size` bytes declared, not yet uploaded. */
async function createFileNote(base: string, kind: FileKind, size: number, extra: Json = {}) {
  const body =
    kind === "e2e"
      ? { content: (await sealNote("files")).envelope, encrypted: true, files: [{ size }] }
      : { content: "files", files: [{ name: "data.bin", type: "application/octet-stream", size }] };
  const created = await send(`${base}/api/v1/shares`, "POST", { ...body, ttl: "1h", ...extra });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const [file] = created.json.files as DeclaredFile[];
  return {
    id: created.json.id as string,
    token: created.json.upload_token as string,
    deleteToken: created.json.delete_token as string,
    file: file as DeclaredFile,
  };
}

const readNote = (base: string, id: string) => send(`${base}/api/v1/shares/${id}/read`, "POST", {});
const cleanup = (base: string) =>
  send(`${base}/api/v1/cron/cleanup`, "GET", undefined, { authorization: `Bearer ${cronSecret}` });

test.describe("files on S3 storage", () => {
  test.describe.configure({ mode: "serial" });
  let s3: Installation;
  test.beforeAll(async () => {
    test.setTimeout(timeouts.serverTest);
    s3 = await install(testPorts.filesS3Server, testPorts.filesS3Store);
  });
  test.afterAll(async () => {
    await s3?.close();
  });

  const sizes = [0, 1, MiB, MiB + 1];
  for (const kind of ["e2e", "sealed"] as const) {
    test(`${kind} files of 0 B, 1 B, 1 MiB and 1 MiB + 1 B go through the bucket intact`, async () => {
      test.setTimeout(timeouts.serverTest);
      const base = s3.server.url;
      for (const size of sizes) {
        const note = await createFileNote(base, kind, size);
        const sent = await uploadFile(note.file, note.token, size, kind);
        const wire = chunkSizes(size, kind);
        expect(await s3.bucket.countChunks()).toBe(wire.length);
        const read = await readNote(base, note.id);
        expect(read.status).toBe(200);
        const [granted] = read.json.files as { download_url: string; size: number }[];
        expect(granted?.size).toBe(size);
        const received = await downloadFile(granted?.download_url ?? "");
        expect(received.status).toBe(200);
        expect(received.headers.get("content-type")).toBe("application/octet-stream");
        expect(received.headers.get("cache-control")).toBe("no-store");
        const length = kind === "e2e" ? wire.reduce((sum, each) => sum + each, 0) : size;
        expect(received.headers.get("content-length")).toBe(String(length));
        expect({ bytes: received.bytes, sha256: received.sha256 }).toEqual({ bytes: length, sha256: sent });
        // The read was the last view; the chunks stay until the grant runs out, then cleanup takes them.
        await s3.sql.query("UPDATE file_grants SET expires_at = now() - interval '1 second'");
        expect((await cleanup(base)).status).toBe(200);
        expect(await s3.bucket.countChunks()).toBe(0);
      }
    });
  }

  test("a 200 MiB end-to-end file streams in and out with the same SHA-256", async () => {
    test.setTimeout(timeouts.serverTest);
    const base = s3.server.url;
    const size = 200 * MiB;
    const note = await createFileNote(base, "e2e", size);
    const sent = await uploadFile(note.file, note.token, size, "e2e");
    expect(await s3.bucket.countChunks()).toBe(200);
    const read = await readNote(base, note.id);
    const [granted] = read.json.files as { download_url: string }[];
    const received = await downloadFile(granted?.download_url ?? "");
    expect({ status: received.status, bytes: received.bytes, sha256: received.sha256 }).toEqual({
      status: 200,
      bytes: size + 200 * 16,
      sha256: sent,
    });
    const removed = await send(`${base}/api/v1/shares/${note.id}`, "DELETE", undefined, {
      "x-delete-token": note.deleteToken,
    });
    expect(removed.status).toBe(404); // already burned by the read: the owner's delete finds nothing
    await s3.sql.query("UPDATE file_grants SET expires_at = now() - interval '1 second'");
    expect((await cleanup(base)).status).toBe(200);
    expect(await s3.bucket.countChunks()).toBe(0);
  });

  test("owner delete, expiry and an abandoned upload each leave nothing in the bucket", async () => {
    test.setTimeout(timeouts.serverTest);
    const base = s3.server.url;
    const deleted = await createFileNote(base, "e2e", 2 * MiB + 5, { burn_after: 2 });
    await uploadFile(deleted.file, deleted.token, 2 * MiB + 5, "e2e");
    const expired = await createFileNote(base, "sealed", 3);
    await uploadFile(expired.file, expired.token, 3, "sealed");
    const abandoned = await createFileNote(base, "e2e", 3 * MiB);
    const oneChunk = chunkSizes(3 * MiB, "e2e")[0] ?? 0;
    expect((await putChunk(abandoned.file, abandoned.token, 0, new Uint8Array(oneChunk))).status).toBe(204);
    expect(await s3.bucket.countChunks()).toBe(3 + 1 + 1);

    const removed = await send(`${base}/api/v1/shares/${deleted.id}`, "DELETE", undefined, {
      "x-delete-token": deleted.deleteToken,
    });
    expect(removed.status).toBe(204);
    expect(await s3.bucket.countChunks()).toBe(2);

    await s3.sql.query("UPDATE shares SET expires_at = now() - interval '1 second' WHERE id = $1", [
      expired.id,
    ]);
    await s3.sql.query("UPDATE shares SET created_at = now() - interval '2 hours' WHERE id = $1", [
      abandoned.id,
    ]);
    expect((await cleanup(base)).status).toBe(200);
    expect(await s3.bucket.countChunks()).toBe(0);
  });
});

test.describe("files on S3 storage, store gone", () => {
  test("a store stopped mid-upload: 503 unavailable, and the note stays unreadable", async () => {
    test.setTimeout(timeouts.serverTest);
    const down = await install(testPorts.filesS3OutageServer, testPorts.filesS3OutageStore);
    try {
      const base = down.server.url;
      const size = 3 * MiB;
      const note = await createFileNote(base, "e2e", size);
      const stopAfterFirst = async (index: number) => {
        if (index === 0) await down.s3.stop();
      };
      await expect(uploadFile(note.file, note.token, size, "e2e", stopAfterFirst)).rejects.toThrow(
        /^Chunk 1: 503 \{"error":"unavailable"/,
      );
      const read = await readNote(base, note.id);
      expect({ status: read.status, error: read.json.error }).toEqual({
        status: 409,
        error: "files_incomplete",
      });
      const meta = await send(`${base}/api/v1/shares/${note.id}/meta`, "GET");
      expect(meta.json.files_pending).toBe(true);
    } finally {
      await down.close();
    }
  });
});
