import { randomBytes } from "node:crypto";
import pg from "pg";
import { sealNote } from "../../lib/crypto/envelope";
import { download, generatedFile, putChunk, uploadChunks, type CreatedFiles } from "../support/file-transfer";
import { MiB, sha256 } from "../support/files";
import { answerWithFiles, createRequest, openAnswerFiles } from "../support/answer-files";
import { startS3FileServer, type S3FileServer } from "../support/file-servers";
import { expect, test } from "../support/fixtures";
import { cleanup, housekeepingEnv, takeDown } from "../support/housekeeping";
import { timeouts } from "../support/timeouts";
import { apiFor } from "../support/api-for";

// Files with FILE_STORAGE=s3 against s3rver (a real S3 API, e2e/support/s3-server.ts), each
// installation with a database and a bucket of its own so that the bucket's chunks can be counted
// exactly: the small round trips of files.spec.ts, what is left in the bucket after each way a note goes
// (owner delete, take-down, burn once the grant ends, expiry, an abandoned upload),
// and a store that goes away in the middle of an upload. (The 200 MiB files, and the CLI and the
// pages on S3 storage: e2e/browser/files-storages.spec.ts.)

interface Installation extends S3FileServer {
  /** how many chunks the bucket holds */
  chunksInBucket(): Promise<number>;
  sql: pg.Client;
}

async function install(): Promise<Installation> {
  const installed = await startS3FileServer({
    env: {
      FILE_MAX_BYTES: String(200 * MiB),
      ...housekeepingEnv,
    },
  });
  const sql = new pg.Client({ connectionString: installed.databaseUrl });
  const close = async () => {
    await sql.end();
    await installed.close();
  };
  try {
    await sql.connect();
  } catch (error) {
    await close();
    throw error;
  }
  const chunksInBucket = async () => (await installed.s3.objectKeys()).length;
  return { ...installed, chunksInBucket, sql, close };
}

/** A note with one file of `size` bytes declared, nothing uploaded yet. */
async function declare(base: string, size: number, encrypted: boolean, extra: Record<string, unknown> = {}) {
  const body = encrypted
    ? { content: (await sealNote("files")).envelope, encrypted: true, files: [{ size }] }
    : { files: [{ name: "data.bin", type: "application/octet-stream", size }] };
  const created = await apiFor(base).create({ ttl: "1h", ...body, ...extra });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return created.json as unknown as CreatedFiles & { delete_token: string };
}

/** Declares, uploads, reads and downloads one file; answers the note, its download and the sent digest. */
async function roundTrip(
  base: string,
  size: number,
  encrypted: boolean,
  extra: Record<string, unknown> = {},
) {
  const created = await declare(base, size, encrypted, extra);
  const source = generatedFile(size);
  await uploadChunks(created.files[0]?.upload_url ?? "", created.upload_token, source.chunks(encrypted));
  const read = await apiFor(base).read(created.id);
  expect(read.status).toBe(200);
  const [file] = read.json.files as { size: number; download_url: string }[];
  expect(file?.size).toBe(size);
  return { created, got: await download(file?.download_url ?? ""), sent: source.digest(), read: read.json };
}

const ownerDelete = (base: string, id: string, token: string) =>
  fetch(`${base}/api/v1/shares/${id}`, { method: "DELETE", headers: { "x-delete-token": token } });

const wireBytes = (size: number, encrypted: boolean) =>
  size + (encrypted ? Math.max(1, Math.ceil(size / MiB)) * 16 : 0);

test.describe("files on S3 storage", () => {
  test.describe.configure({ mode: "serial" });
  let s3: Installation;
  test.beforeAll(async () => {
    test.setTimeout(timeouts.serverTest);
    s3 = await install();
  });
  test.afterAll(async () => {
    await s3?.close();
  });

  for (const encrypted of [true, false]) {
    const kind = encrypted ? "end-to-end" : "plain";
    test(`${kind}: 0 B, 1 B, 1 MiB and 1 MiB + 1 B through the bucket intact, gone with the note`, async () => {
      test.setTimeout(timeouts.serverTest);
      const base = s3.server.url;
      for (const size of [0, 1, MiB, MiB + 1]) {
        const { created, got, sent } = await roundTrip(base, size, encrypted);
        const chunks = Math.max(1, Math.ceil(size / MiB));
        expect(await s3.chunksInBucket()).toBe(chunks);
        expect(got.status).toBe(200);
        expect(got.headers.get("content-length")).toBe(String(wireBytes(size, encrypted)));
        expect({ length: got.length, digest: got.digest }).toEqual({
          length: wireBytes(size, encrypted),
          digest: sent,
        });
        expect((await ownerDelete(base, created.id, created.delete_token)).status).toBe(204);
        expect(await s3.chunksInBucket()).toBe(0);
      }
    });
  }

  test("an answer's files through the bucket: the requester opens them whole; burn and expiry leave nothing", async () => {
    const base = s3.server.url;
    const files = [
      { name: "scan.pdf", type: "application/pdf", bytes: randomBytes(MiB + 9) },
      { name: "empty.txt", type: "text/plain", bytes: Buffer.alloc(0) },
    ];
    const burned = await createRequest(base, { files_allowed: true });
    await answerWithFiles(base, burned, "both", files);
    expect(await s3.chunksInBucket()).toBe(3);
    const opened = await openAnswerFiles(base, burned, 1);
    expect(opened.files.map((file) => file.sha256)).toEqual(files.map((file) => sha256(file.bytes)));
    const burn = await fetch(`${base}/api/v1/requests/${burned.id}/answers/1`, {
      method: "DELETE",
      headers: burned.owner,
    });
    expect(burn.status).toBe(204);
    expect(await s3.chunksInBucket()).toBe(0);

    const expired = await createRequest(base, { files_allowed: true });
    await answerWithFiles(base, expired, "x", files);
    expect(await s3.chunksInBucket()).toBe(3);
    await s3.sql.query("UPDATE requests SET expires_at = now() - interval '1 second' WHERE id = $1", [
      expired.id,
    ]);
    await cleanup(base);
    expect(await s3.chunksInBucket()).toBe(0);
  });

  test("a moderator's take-down deletes the chunks at once", async () => {
    const base = s3.server.url;
    const { created } = await roundTrip(base, MiB + 1, false);
    expect(await s3.chunksInBucket()).toBe(2);
    expect(await takeDown(base, `notes/${created.id}`)).toBe(200);
    expect(await s3.chunksInBucket()).toBe(0);
  });

  test("burn keeps the chunks until the grant ends; expiry and an abandoned upload leave nothing", async () => {
    test.setTimeout(timeouts.serverTest);
    const base = s3.server.url;
    const burned = await roundTrip(base, 2 * MiB + 5, true, { burn_after: 1 });
    expect(burned.read.burned).toBe(true);
    const expired = await roundTrip(base, 3, false);
    const abandoned = await declare(base, 3 * MiB, true);
    const first = await putChunk(
      abandoned.files[0]?.upload_url ?? "",
      abandoned.upload_token,
      0,
      randomBytes(MiB + 16),
    );
    expect(first.status).toBe(204);
    expect(await s3.chunksInBucket()).toBe(3 + 1 + 1);

    // The burned note's reader may still be downloading: cleanup leaves its chunks for the grant's time.
    expect(await cleanup(base)).toEqual({ expired: 0, burned: 1, abandoned: 0, files: 0 });
    expect(await s3.chunksInBucket()).toBe(5);

    await s3.sql.query("UPDATE file_grants SET expires_at = now() - interval '1 second'");
    await s3.sql.query("UPDATE shares SET expires_at = now() - interval '1 second' WHERE id = $1", [
      expired.created.id,
    ]);
    await s3.sql.query("UPDATE shares SET upload_expires_at = now() - interval '1 second' WHERE id = $1", [
      abandoned.id,
    ]);
    expect(await cleanup(base)).toEqual({ expired: 1, burned: 0, abandoned: 1, files: 3 });
    expect(await s3.chunksInBucket()).toBe(0);
  });
});

test("files on S3 storage: a store stopped mid-upload answers 503 and the note stays unreadable", async () => {
  test.setTimeout(timeouts.serverTest);
  const down = await install();
  try {
    const base = down.server.url;
    const created = await declare(base, 3 * MiB, true);
    const url = created.files[0]?.upload_url ?? "";
    expect((await putChunk(url, created.upload_token, 0, randomBytes(MiB + 16))).status).toBe(204);
    await down.s3.stop();
    const second = await putChunk(url, created.upload_token, 1, randomBytes(MiB + 16));
    expect({ status: second.status, error: second.json?.error }).toEqual({
      status: 503,
      error: "unavailable",
    });
    const resume = await fetch(url, { headers: { "x-upload-token": created.upload_token } });
    expect(await resume.json()).toMatchObject({ index: 0, chunks: 3, received: 1 });
    const read = await apiFor(base).read(created.id);
    expect({ status: read.status, error: read.json.error }).toEqual({
      status: 409,
      error: "files_incomplete",
    });
    const meta = await (await fetch(`${base}/api/v1/shares/${created.id}/meta`)).json();
    expect(meta).toMatchObject({ files_pending: true });
  } finally {
    await down.close();
  }
});
