import { expect, test } from "../support/fixtures";
import { download, uploadChunks, type CreatedFiles } from "../support/file-transfer";
import { MiB } from "../support/files";
import { cleanup, serverOfItsOwn, takeDown } from "../support/housekeeping";
import { apiFor } from "../support/api-for";

// Every way a note's files go, on a server and database of this spec's own, so the chunks left in
// the store (file_chunks: the Postgres store) are counted exactly: burn (after the grant expires),
// owner delete, moderation take-down, expiry, an abandoned upload, each followed by cleanup.

test.describe.configure({ mode: "serial" });

const server = serverOfItsOwn({
  name: "notes_e2e_files",
  env: {
    // The default limits for keyed creates; lower ones for keyless creates (every one here).
    FILE_MAX_BYTES: undefined,
    KEYLESS_FILE_MAX_BYTES: "2MiB",
    KEYLESS_FILES_MAX_TOTAL_BYTES: "3MiB",
  },
});
const { chunksLeft } = server;

/** A note with two files of 2 and 1 chunks, uploaded: 3 chunks in the store. */
async function uploadedNote(body: Record<string, unknown> = {}) {
  const created = await apiFor(server.url).create({
    ttl: "1h",
    files: [
      { name: "a.bin", size: MiB + 1 },
      { name: "b.bin", size: 10 },
    ],
    ...body,
  });
  expect(created.status).toBe(201);
  const note = created.json as unknown as CreatedFiles & { delete_token: string };
  await uploadChunks(note.files[0]?.upload_url ?? "", note.upload_token, [
    Buffer.alloc(MiB),
    Buffer.alloc(1),
  ]);
  await uploadChunks(note.files[1]?.upload_url ?? "", note.upload_token, [Buffer.alloc(10)]);
  return note;
}

test("limits answer 413 before anything is stored, naming the limit (keyless: its own limits)", async () => {
  const file = (size: number, index = 0) => ({ name: `f${index}`, size });
  const refusal = async (files: unknown[]) => (await apiFor(server.url).create({ ttl: "1h", files })).json;
  const eleven = Array.from({ length: 11 }, (_, index) => file(1, index));
  expect(await refusal(eleven)).toEqual({
    error: "too_many_files",
    message: "A note may carry at most 10 files; this one declares 11.",
  });
  expect(await refusal([file(2 * MiB + 1)])).toEqual({
    error: "file_too_large",
    message: "File 0 is 2097153 bytes; the limit is 2097152 bytes (2 MiB) per file.",
  });
  expect(await refusal([file(2 * MiB), file(MiB + 1, 1)])).toEqual({
    error: "files_too_large",
    message: "The files are 3145729 bytes together; the limit is 3145728 bytes (3 MiB) per note.",
  });
  expect((await server.sql.query("SELECT count(*)::int AS n FROM shares")).rows[0].n).toBe(0);
  expect((await server.sql.query("SELECT count(*)::int AS n FROM note_files")).rows[0].n).toBe(0);
});

test("burn: the chunks stay while the last read's grant lasts, then cleanup deletes them", async () => {
  const note = await uploadedNote({ burn_after: 1 });
  expect(await chunksLeft()).toBe(3);
  const read = await apiFor(server.url).read(note.id);
  expect(read.json.burned).toBe(true);
  expect(await cleanup(server.url)).toMatchObject({ burned: 1, files: 0 });
  expect(await chunksLeft()).toBe(3);
  const [file] = read.json.files as { download_url: string }[];
  expect((await download(file?.download_url ?? "")).status).toBe(200);

  await server.sql.query("UPDATE file_grants SET expires_at = now() WHERE files_id = $1", [note.id]);
  expect((await download(file?.download_url ?? "")).status).toBe(404);
  expect(await cleanup(server.url)).toMatchObject({ files: 2 });
  expect(await chunksLeft()).toBe(0);
  expect((await server.sql.query("SELECT count(*)::int AS n FROM file_grants")).rows[0].n).toBe(0);
});

test("owner delete: the chunks and the grants go at once", async () => {
  const note = await uploadedNote();
  const read = await apiFor(server.url).read(note.id);
  const deleted = await fetch(`${server.url}/api/v1/shares/${note.id}`, {
    method: "DELETE",
    headers: { "x-delete-token": note.delete_token },
  });
  expect(deleted.status).toBe(204);
  expect(await chunksLeft()).toBe(0);
  const [file] = read.json.files as { download_url: string }[];
  expect((await download(file?.download_url ?? "")).status).toBe(404);
});

test("moderation take-down: the chunks go at once", async () => {
  const note = await uploadedNote({ recipients: ["ann", "bob"] });
  expect(await takeDown(server.url, `notes/${note.id}`)).toBe(200);
  expect(await chunksLeft()).toBe(0);
});

test("expiry: cleanup deletes an expired note's chunks", async () => {
  const note = await uploadedNote();
  await server.sql.query("UPDATE shares SET expires_at = now() - interval '1 second' WHERE id = $1", [
    note.id,
  ]);
  expect(await cleanup(server.url)).toMatchObject({ expired: 1, files: 2 });
  expect(await chunksLeft()).toBe(0);
});

test("UPLOAD_EXPIRY: a note not completely uploaded in time is deleted with what it had", async () => {
  const created = await apiFor(server.url).create({
    ttl: "1h",
    recipients: ["ann", "bob"],
    files: [{ name: "a", size: 2 * MiB }],
  });
  const note = created.json as unknown as CreatedFiles;
  await uploadChunks(note.files[0]?.upload_url ?? "", note.upload_token, [Buffer.alloc(MiB)]);
  expect(await cleanup(server.url)).toMatchObject({ abandoned: 0, files: 0 });
  expect(await chunksLeft()).toBe(1);
  await server.sql.query("UPDATE shares SET upload_expires_at = now() WHERE id = $1", [note.id]);
  expect(await cleanup(server.url)).toMatchObject({ abandoned: 1, files: 1 });
  expect(await chunksLeft()).toBe(0);
  const left = await server.sql.query(
    "SELECT count(*)::int AS n FROM shares WHERE id = $1 OR content_id = $1",
    [note.id],
  );
  expect(left.rows[0].n).toBe(0);
  expect((await fetch(`${server.url}/api/v1/shares/${note.id}/meta`)).status).toBe(404);
});

test("a full store: 503 unavailable, nothing recorded, and the same chunk goes in once there is room", async () => {
  const created = await apiFor(server.url).create({ ttl: "1h", files: [{ name: "a", size: 5 }] });
  const note = created.json as unknown as CreatedFiles;
  const url = note.files[0]?.upload_url ?? "";
  // Postgres's own answer to a full disk (SQLSTATE 53100), from a trigger on the store's table.
  await server.sql.query(`CREATE FUNCTION refuse_chunk() RETURNS trigger LANGUAGE plpgsql AS
    $$ BEGIN RAISE EXCEPTION 'could not extend file' USING ERRCODE = 'disk_full'; END $$`);
  await server.sql.query(
    "CREATE TRIGGER full_disk BEFORE INSERT ON file_chunks FOR EACH ROW EXECUTE FUNCTION refuse_chunk()",
  );
  try {
    const refused = await fetch(`${url}/chunks/0`, {
      method: "PUT",
      headers: { "x-upload-token": note.upload_token },
      body: Buffer.from("12345"),
    });
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: string }).error).toBe("unavailable");
  } finally {
    await server.sql.query("DROP TRIGGER full_disk ON file_chunks");
    await server.sql.query("DROP FUNCTION refuse_chunk()");
  }
  const status = await fetch(url, { headers: { "x-upload-token": note.upload_token } });
  expect(await status.json()).toMatchObject({ received: 0 });
  expect((await apiFor(server.url).read(note.id)).json.error).toBe("files_incomplete");
  await uploadChunks(url, note.upload_token, [Buffer.from("12345")]);
  expect((await apiFor(server.url).read(note.id)).status).toBe(200);
});

test("the read that spends a view stores its grant in the same statement: no grant stored, no view spent", async () => {
  const plain = await uploadedNote({ burn_after: 1 });
  const guarded = await uploadedNote({ burn_after: 1, password: "open sesame" });
  // A grant that cannot be stored (a trigger refuses it) must fail the whole read, the view with it.
  await server.sql.query(`CREATE FUNCTION refuse_grant() RETURNS trigger LANGUAGE plpgsql AS
    $$ BEGIN RAISE EXCEPTION 'no grant stored'; END $$`);
  await server.sql.query(
    "CREATE TRIGGER no_grant BEFORE INSERT ON file_grants FOR EACH ROW EXECUTE FUNCTION refuse_grant()",
  );
  try {
    expect((await apiFor(server.url).read(plain.id)).json.error).toBe("internal_error");
    expect((await apiFor(server.url).read(guarded.id, { password: "open sesame" })).json.error).toBe(
      "internal_error",
    );
  } finally {
    await server.sql.query("DROP TRIGGER no_grant ON file_grants");
    await server.sql.query("DROP FUNCTION refuse_grant()");
  }
  const counted = await server.sql.query(
    "SELECT read_count, burned_at FROM shares WHERE id = ANY($1) ORDER BY id",
    [[plain.id, guarded.id]],
  );
  expect(counted.rows).toEqual([
    { read_count: 0, burned_at: null },
    { read_count: 0, burned_at: null },
  ]);
  for (const [note, body] of [
    [plain, {}],
    [guarded, { password: "open sesame" }],
  ] as const) {
    const read = await apiFor(server.url).read(note.id, body);
    expect(read.status).toBe(200);
    const files = read.json.files as { download_url: string }[];
    expect(await download(files[1]?.download_url ?? "")).toMatchObject({ status: 200, length: 10 });
    expect((await apiFor(server.url).read(note.id, body)).status).toBe(404);
  }
  const grants = await server.sql.query(
    "SELECT count(*)::int AS n FROM file_grants WHERE files_id = ANY($1)",
    [[plain.id, guarded.id]],
  );
  expect(grants.rows[0].n).toBe(2);
});
