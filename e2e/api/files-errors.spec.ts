import { sealNote } from "../../lib/crypto/envelope";
import { expect, test } from "../support/fixtures";
import { download, putChunk, uploadChunks, type CreatedFiles } from "../support/file-transfer";
import { sha256, MiB } from "../support/files";
import { apiFor } from "../support/api-for";

// Every refusal of the files API, with its exact status and code. (Resuming a dropped upload, and
// parallel uploads of one chunk, on every storage: e2e/support/file-suite.ts.)

const plainFile = (size: number, index = 0) => ({ name: `f${index}.txt`, type: "text/plain", size });

async function created(base: string, body: Record<string, unknown>) {
  const answer = await apiFor(base).create({ ttl: "1h", ...body });
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return answer.json as unknown as CreatedFiles;
}

const expectRefusal = (
  answer: { status: number; json: Record<string, unknown> | null },
  status: number,
  code: string,
) => {
  expect(answer.status, JSON.stringify(answer.json)).toBe(status);
  expect(answer.json?.error).toBe(code);
};

test("a create's files are checked: shape 400 bad_files, a plain file's name 400 bad_file_name", async ({
  baseURL,
}) => {
  const base = baseURL ?? "";
  const bad = [
    { files: "a.txt" },
    { files: [] },
    { files: [{ name: "a.txt" }] },
    { files: [{ size: 1 }] },
    { files: [{ name: "a.txt", type: "not a type", size: 1 }] },
    { files: [{ name: "a.txt", size: -1 }] },
    { files: [{ name: "a.txt", size: 1.5 }] },
  ];
  const { envelope } = await sealNote({ pages: [{ title: "", content: "x", format: "markdown" }] });
  bad.push({ content: envelope, encrypted: true, files: [{ name: "a", size: 1 }] } as never);
  for (const body of bad) expectRefusal(await apiFor(base).create({ ttl: "1h", ...body }), 400, "bad_files");
  // A plain file's name must be one a reader can save under in any folder without leaving it.
  const badNames = [
    "",
    ".",
    "..",
    "../a.txt",
    "a/b",
    "a\\b",
    "a\u0000b",
    "a\u0007.txt",
    "a\u009b",
    "\ud800",
    "x".repeat(256),
  ];
  for (const name of badNames) {
    expectRefusal(await apiFor(base).create({ ttl: "1h", files: [{ name, size: 1 }] }), 400, "bad_file_name");
  }
  const fine = await apiFor(base).create({ ttl: "1h", files: [{ name: `...${"x".repeat(252)}`, size: 1 }] });
  expect(fine.status, JSON.stringify(fine.json)).toBe(201);
  const extra = { ttl: "1h", files: [{ name: "a.txt", size: 1, extra: true }] };
  expectRefusal(await apiFor(base).create(extra), 400, "unknown_field");
});

test("uploads are refused with a clear code for every wrong chunk, token, note or state", async ({
  baseURL,
}) => {
  const base = baseURL ?? "";
  const note = await created(base, { files: [plainFile(MiB + 5), plainFile(3, 1)] });
  const other = await created(base, { files: [plainFile(1)] });
  const url = note.files[0]?.upload_url ?? "";
  const token = note.upload_token;
  const full = Buffer.alloc(MiB, 7);

  expectRefusal(await putChunk(url, "", 0, full), 403, "bad_upload_token");
  expectRefusal(await putChunk(url, other.upload_token, 0, full), 403, "bad_upload_token");
  expectRefusal(await putChunk(`${base}/api/v1/shares/AAAAAAAAAA/files/0`, token, 0, full), 404, "not_found");
  expectRefusal(await putChunk(`${base}/api/v1/shares/${note.id}/files/2`, token, 0, full), 404, "not_found");
  expectRefusal(await putChunk(url, token, 2, Buffer.alloc(5)), 404, "not_found");
  expectRefusal(await putChunk(url, token, 1, Buffer.alloc(5)), 409, "chunk_out_of_order");
  expectRefusal(await putChunk(url, token, 0, Buffer.alloc(MiB - 1)), 400, "bad_chunk_size");
  expectRefusal(await putChunk(url, token, 0, Buffer.alloc(MiB + 1)), 413, "chunk_too_large");
  expectRefusal(await putChunk(url, token, 0, Buffer.alloc(MiB + 17)), 413, "chunk_too_large");
  const digest = "0".repeat(64);
  expectRefusal(
    await putChunk(url, token, 0, full, { "x-chunk-sha256": digest }),
    400,
    "chunk_digest_mismatch",
  );
  expectRefusal(
    await putChunk(url, token, 0, full, { "x-chunk-sha256": "xyz" }),
    400,
    "chunk_digest_mismatch",
  );
  const good = await putChunk(url, token, 0, full, { "x-chunk-sha256": sha256(full) });
  expect(good).toMatchObject({ status: 204, offset: "1" });
  expectRefusal(await putChunk(url, token, 0, full), 409, "chunk_exists");

  // Pending: no read, no view spent; meta says so.
  expectRefusal(await apiFor(base).read(note.id), 409, "files_incomplete");
  expect(await putChunk(url, token, 1, Buffer.alloc(5))).toMatchObject({ status: 204, offset: "2" });
  expect(await putChunk(note.files[1]?.upload_url ?? "", token, 0, Buffer.from("abc"))).toMatchObject({
    status: 204,
    offset: "1",
  });
  expectRefusal(await putChunk(url, token, 1, Buffer.alloc(5)), 409, "upload_closed");
  const status = await fetch(url, { headers: { "x-upload-token": token } });
  expect(status.status).toBe(409);
  const read = await apiFor(base).read(note.id);
  expect(read.status).toBe(200);

  // Nobody downloads without the read's grant: a made-up one, or one used through another note's id.
  const [file] = read.json.files as { download_url: string }[];
  const granted = new URL(file?.download_url ?? "");
  expect((await download(`${url}?grant=${"A".repeat(43)}`)).status).toBe(404);
  expect((await download(`${base}/api/v1/shares/${other.id}/files/0${granted.search}`)).status).toBe(404);
  expect((await download(`${base}/api/v1/shares/${note.id}/files/5${granted.search}`)).status).toBe(404);
  expect((await fetch(url)).status).toBe(403);
});

test("a chunk claimed by an upload that stopped is 409 chunk_in_progress with Retry-After until the claim lapses, never chunk_exists", async ({
  baseURL,
  sql,
}) => {
  const note = await created(baseURL ?? "", { files: [plainFile(10)] });
  const url = note.files[0]?.upload_url ?? "";
  const claim = (age: number) =>
    sql.query("UPDATE note_files SET writing_since = now() - make_interval(secs => $2) WHERE share_id = $1", [
      note.id,
      age,
    ]);
  // What a process killed between claiming chunk 0 and storing it leaves: the claim, 10 s old, lapses at 30 s.
  await claim(10);
  const refused = await fetch(`${url}/chunks/0`, {
    method: "PUT",
    headers: { "x-upload-token": note.upload_token, "content-type": "application/octet-stream" },
    body: Buffer.alloc(10),
  });
  const { rows } = await sql.query<{ left: number }>(
    "SELECT ceil(extract(epoch FROM writing_since + interval '30 seconds' - now()))::int AS left FROM note_files WHERE share_id = $1",
    [note.id],
  );
  expect({ status: refused.status, error: ((await refused.json()) as { error: string }).error }).toEqual({
    status: 409,
    error: "chunk_in_progress",
  });
  const retryAfter = Number(refused.headers.get("retry-after"));
  expect(retryAfter).toBeLessThanOrEqual(20);
  expect(retryAfter).toBeGreaterThanOrEqual(rows[0]?.left ?? 0);
  const status = await fetch(url, { headers: { "x-upload-token": note.upload_token } });
  expect(await status.json()).toMatchObject({ received: 0 });
  // Once it lapses, the chunk is taken and stored.
  await claim(31);
  const stored = await putChunk(url, note.upload_token, 0, Buffer.alloc(10));
  expect({ status: stored.status, offset: stored.offset }).toEqual({ status: 204, offset: "1" });
});

test("a pending note spends no view; once complete, its one view grants the files", async ({ baseURL }) => {
  const base = baseURL ?? "";
  const note = await created(base, { content: "with a file", burn_after: 1, files: [plainFile(2)] });
  for (let i = 0; i < 3; i++) expectRefusal(await apiFor(base).read(note.id), 409, "files_incomplete");
  await uploadChunks(note.files[0]?.upload_url ?? "", note.upload_token, [Buffer.from("hi")]);
  const read = await apiFor(base).read(note.id);
  expect(read.json).toMatchObject({ content: "with a file", remaining_views: 0, burned: true });
  const [file] = read.json.files as { download_url: string }[];
  const got = await download(file?.download_url ?? "");
  expect(got).toMatchObject({ status: 200, length: 2 });
  // Within the grant's window the same link downloads again (a broken download starts over).
  expect((await download(file?.download_url ?? "")).status).toBe(200);
  expect((await apiFor(base).read(note.id)).status).toBe(404);
});

test("password notes grant files only to a read with the password; recipients each get them", async ({
  baseURL,
}) => {
  const base = baseURL ?? "";
  const secret = await created(base, { password: "open sesame", files: [plainFile(4)] });
  await uploadChunks(secret.files[0]?.upload_url ?? "", secret.upload_token, [Buffer.from("data")]);
  expectRefusal(await apiFor(base).read(secret.id), 401, "bad_password");
  const read = await apiFor(base).read(secret.id, { password: "open sesame" });
  expect(read.json.files).toEqual([
    expect.objectContaining({ index: 0, size: 4, name: "f0.txt", type: "text/plain" }),
  ]);
  const [file] = read.json.files as { download_url: string }[];
  expect(await download(file?.download_url ?? "")).toMatchObject({ status: 200, length: 4 });

  const shared = await apiFor(base).create({ ttl: "1h", recipients: ["ann", "bob"], files: [plainFile(3)] });
  const sharedNote = shared.json as unknown as CreatedFiles & { links: { id: string }[] };
  const [ann, bob] = sharedNote.links;
  expectRefusal(await apiFor(base).read(ann?.id ?? ""), 409, "files_incomplete");
  // Uploads go to the owner id; a link takes none.
  const linkUrl = `${base}/api/v1/shares/${ann?.id}/files/0`;
  expectRefusal(await putChunk(linkUrl, sharedNote.upload_token, 0, Buffer.from("abc")), 404, "not_found");
  await uploadChunks(sharedNote.files[0]?.upload_url ?? "", sharedNote.upload_token, [Buffer.from("abc")]);
  for (const link of [ann, bob]) {
    const linkRead = await apiFor(base).read(link?.id ?? "");
    const [linkFile] = linkRead.json.files as { download_url: string }[];
    expect(linkFile?.download_url).toContain(`/api/v1/shares/${link?.id}/files/0?grant=`);
    expect(await download(linkFile?.download_url ?? "")).toMatchObject({ status: 200, length: 3 });
  }
});

test("a read retried with its Idempotency-Key gets the files again, with a grant of its own", async ({
  baseURL,
}) => {
  const base = baseURL ?? "";
  const note = await created(base, { burn_after: 1, files: [plainFile(2)] });
  await uploadChunks(note.files[0]?.upload_url ?? "", note.upload_token, [Buffer.from("ok")]);
  const read = () =>
    fetch(`${base}/api/v1/shares/${note.id}/read`, {
      method: "POST",
      headers: { "idempotency-key": `files-${note.id}` },
    }).then(async (answer) => ({
      status: answer.status,
      json: (await answer.json()) as Record<string, unknown>,
    }));
  const [first, retry] = [await read(), await read()];
  expect([first.status, retry.status]).toEqual([200, 200]);
  const urls = [first, retry].map(
    (answer) => (answer.json.files as { download_url: string }[])[0]?.download_url,
  );
  expect(urls[0]).not.toBe(urls[1]);
  for (const url of urls) expect(await download(url ?? "")).toMatchObject({ status: 200, length: 2 });
});
