import { randomBytes } from "node:crypto";
import {
  answerWithFiles,
  createRequest,
  openAnswerFiles,
  postAnswer,
  postJson,
  type AnswerFile,
} from "../support/answer-files";
import { sealAnswer } from "../../lib/crypto/request-envelope";
import { expect, test } from "../support/fixtures";
import { MiB, sha256 } from "../support/files";
import { cleanup, serverOfItsOwn, takeDown } from "../support/housekeeping";

// Files in answers to requests, on a server and database of this spec's own, so the chunks left in
// the store (file_chunks: the Postgres store) are counted exactly after every way an answer goes.

test.describe.configure({ mode: "serial" });

const server = serverOfItsOwn({
  name: "notes_e2e_answer_files",
  env: {
    // Answers hold the limits of keyless creates.
    FILE_MAX_BYTES: undefined,
    KEYLESS_FILE_MAX_BYTES: "2MiB",
    KEYLESS_FILES_MAX_TOTAL_BYTES: "3MiB",
  },
});
const { chunksLeft, count } = server;
const allowed = () => createRequest(server.url, { files_allowed: true });
/** Two files of 2 and 1 chunks: 3 chunks in the store once uploaded. */
const twoFiles = (): AnswerFile[] => [
  { name: "contract.pdf", type: "application/pdf", bytes: randomBytes(MiB + 5) },
  { name: "notes.txt", type: "text/plain", bytes: randomBytes(10) },
];

test("the requester downloads and opens an answer's files; nobody with the public link can", async () => {
  const requester = await allowed();
  const shown = await fetch(`${server.url}/api/v1/requests/${requester.id}`);
  expect(((await shown.json()) as { files_allowed: boolean }).files_allowed).toBe(true);
  const files = twoFiles();
  const answered = await postAnswer(server.url, requester, "both files attached", files);
  expect(answered.status).toBe(201);
  expect(answered.json).toMatchObject({
    number: 1,
    answers_left: 0,
    files: [
      { index: 0, size: MiB + 5, chunks: 2, chunk_bytes: MiB },
      { index: 1, size: 10, chunks: 1, chunk_bytes: MiB },
    ],
  });
  const targets = answered.json.files as { upload_url: string }[];
  expect(targets[0]?.upload_url).toBe(`${server.url}/api/v1/requests/${requester.id}/answers/1/files/0`);
  const token = String(answered.json.upload_token);
  const answerUrl = `${server.url}/api/v1/requests/${requester.id}/answers/1`;

  // Pending: listed as such, and not readable (nor marked read) until every chunk is there.
  const put = (index: number, chunk: number, bytes: Buffer, headers: Record<string, string> = {}) =>
    fetch(`${answerUrl}/files/${index}/chunks/${chunk}`, {
      method: "PUT",
      headers: { "x-upload-token": token, ...headers },
      body: bytes as Uint8Array<ArrayBuffer>,
    });
  const wire0 = await answered.wireChunks(0);
  expect((await put(0, 0, wire0[0]!)).status).toBe(204);
  const list = await fetch(`${server.url}/api/v1/requests/${requester.id}/answers`, {
    headers: requester.owner,
  });
  expect(((await list.json()) as { answers: unknown[] }).answers).toMatchObject([
    { number: 1, file_count: 2, files_pending: true, read_at: null },
  ]);
  const early = await fetch(answerUrl, { headers: requester.owner });
  expect(early.status).toBe(409);
  expect(((await early.json()) as { error: string }).error).toBe("files_incomplete");
  const progress = await fetch(targets[0]?.upload_url ?? "", { headers: { "x-upload-token": token } });
  expect(await progress.json()).toEqual({ index: 0, size: MiB + 5, chunks: 2, received: 1 });

  // The usual chunk errors, as for a note's files.
  const refusal = async (response: Response) => [
    response.status,
    ((await response.json()) as { error: string }).error,
  ];
  expect(await refusal(await put(0, 1, wire0[1]!, { "x-upload-token": "wrong" }))).toEqual([
    403,
    "bad_upload_token",
  ]);
  expect(await refusal(await put(0, 0, wire0[0]!))).toEqual([409, "chunk_exists"]);
  expect(await refusal(await put(1, 0, Buffer.alloc(10)))).toEqual([400, "bad_chunk_size"]);
  expect(await refusal(await put(1, 0, Buffer.alloc(27)))).toEqual([413, "chunk_too_large"]);
  expect(await refusal(await put(2, 0, Buffer.alloc(1)))).toEqual([404, "not_found"]);
  expect(await refusal(await put(0, 1, wire0[1]!, { "x-chunk-sha256": "0".repeat(64) }))).toEqual([
    400,
    "chunk_digest_mismatch",
  ]);
  expect((await put(0, 1, wire0[1]!)).status).toBe(204);
  expect((await put(1, 0, (await answered.wireChunks(1))[0]!)).status).toBe(204);
  expect(await refusal(await put(1, 0, Buffer.alloc(26)))).toEqual([409, "upload_closed"]);
  expect(await chunksLeft()).toBe(3);

  const opened = await openAnswerFiles(server.url, requester, 1);
  expect(opened.text).toBe("both files attached");
  expect(opened.listed).toEqual([
    { index: 0, size: MiB + 5, download_url: `${answerUrl}/files/0` },
    { index: 1, size: 10, download_url: `${answerUrl}/files/1` },
  ]);
  expect(opened.files).toEqual(
    files.map((file) => ({ name: file.name, type: file.type, sha256: sha256(file.bytes) })),
  );

  // Whoever has only the public link gets neither the answer nor its files' bytes.
  expect(await refusal(await fetch(`${answerUrl}/files/0`))).toEqual([403, "bad_upload_token"]);
  const guessed = { "x-owner-proof": "A".repeat(43) };
  expect(await refusal(await fetch(`${answerUrl}/files/0`, { headers: guessed }))).toEqual([
    403,
    "wrong_owner_proof",
  ]);
  expect(await refusal(await fetch(answerUrl))).toEqual([403, "wrong_owner_proof"]);
  // The server stored sizes and ciphertext only: no name, no plaintext.
  const stored = await server.sql.query(
    "SELECT name, type, chunks_sealed_by FROM note_files WHERE request_id = $1",
    [requester.id],
  );
  expect(stored.rows).toEqual([
    { name: null, type: null, chunks_sealed_by: null },
    { name: null, type: null, chunks_sealed_by: null },
  ]);
  const small = await server.sql.query(
    "SELECT c.data FROM file_chunks c JOIN note_files f ON f.id = c.file_id WHERE f.request_id = $1 AND f.file_index = 1",
    [requester.id],
  );
  expect(Buffer.compare(small.rows[0].data.subarray(0, 10), files[1]!.bytes)).not.toBe(0);
  expect(small.rows[0].data.length).toBe(26);

  // Burning the answer deletes its chunks at once.
  const burned = await fetch(answerUrl, { method: "DELETE", headers: requester.owner });
  expect(burned.status).toBe(204);
  expect(await chunksLeft()).toBe(0);
  expect(await count("SELECT count(*)::int AS n FROM note_files")).toBe(0);
  expect((await fetch(`${answerUrl}/files/0`, { headers: requester.owner })).status).toBe(404);
});

test("files to a request that does not take them: 403 files_not_allowed, nothing stored", async () => {
  const requester = await createRequest(server.url);
  const refused = await postAnswer(server.url, requester, "x", [
    { name: "a", type: "text/plain", bytes: Buffer.alloc(1) },
  ]);
  expect(refused.status).toBe(403);
  expect(refused.json).toEqual({
    error: "files_not_allowed",
    message: "This request does not take files; send the answer without them.",
  });
  expect(await count("SELECT answer_count AS n FROM requests WHERE id = $1", [requester.id])).toBe(0);
  expect(await count("SELECT count(*)::int AS n FROM note_files")).toBe(0);
});

test("limits answer 413 (those of keyless notes), names in the clear 400: before anything is stored", async () => {
  const requester = await allowed();
  const envelope = await sealAnswer("x", { requestId: requester.id, publicKey: requester.publicKey });
  const refusal = async (files: unknown) =>
    (await postJson(`${server.url}/api/v1/requests/${requester.id}/answers`, { envelope, files })).json;
  const eleven = Array.from({ length: 11 }, () => ({ size: 1 }));
  expect(await refusal(eleven)).toEqual({
    error: "too_many_files",
    message: "A note may carry at most 10 files; this one declares 11.",
  });
  expect(await refusal([{ size: 2 * MiB + 1 }])).toEqual({
    error: "file_too_large",
    message: "File 0 is 2097153 bytes; the limit is 2097152 bytes (2 MiB) per file.",
  });
  expect(await refusal([{ size: 2 * MiB }, { size: MiB + 1 }])).toEqual({
    error: "files_too_large",
    message: "The files are 3145729 bytes together; the limit is 3145728 bytes (3 MiB) per note.",
  });
  expect(await refusal([{ name: "contract.pdf", size: 1 }])).toMatchObject({ error: "bad_files" });
  expect(await refusal([])).toMatchObject({ error: "bad_files" });
  expect(await refusal("all of them")).toMatchObject({ error: "bad_files" });
  expect(await count("SELECT answer_count AS n FROM requests WHERE id = $1", [requester.id])).toBe(0);
  expect(await count("SELECT count(*)::int AS n FROM note_files")).toBe(0);
});

test("deleting the request, taking it down, expiry and an abandoned upload each leave no chunk", async () => {
  const files = () => [{ name: "a.bin", type: "application/octet-stream", bytes: randomBytes(MiB + 1) }];
  // The requester deletes the request: its answers' chunks go at once.
  const deleted = await createRequest(server.url, { files_allowed: true, answers: 2 });
  await answerWithFiles(server.url, deleted, "one", files());
  await answerWithFiles(server.url, deleted, "two", files());
  expect(await chunksLeft()).toBe(4);
  const gone = await fetch(`${server.url}/api/v1/requests/${deleted.id}`, {
    method: "DELETE",
    headers: deleted.owner,
  });
  expect(gone.status).toBe(204);
  expect(await chunksLeft()).toBe(0);

  // A moderator takes it down: the same.
  const takenDown = await allowed();
  await answerWithFiles(server.url, takenDown, "x", files());
  expect(await chunksLeft()).toBe(2);
  expect(await takeDown(server.url, `requests/${takenDown.id}`)).toBe(200);
  expect(await chunksLeft()).toBe(0);

  // It expires: the cleanup deletes the chunks with it.
  const expired = await allowed();
  await answerWithFiles(server.url, expired, "x", files());
  await server.sql.query("UPDATE requests SET expires_at = now() - interval '1 second' WHERE id = $1", [
    expired.id,
  ]);
  expect(await cleanup(server.url)).toMatchObject({ files: 1 });
  expect(await chunksLeft()).toBe(0);
  expect(await count("SELECT count(*)::int AS n FROM requests WHERE id = $1", [expired.id])).toBe(0);

  // An answer not completely uploaded within UPLOAD_EXPIRY is deleted with what it had.
  const abandoned = await allowed();
  const answered = await postAnswer(server.url, abandoned, "x", files());
  const [first] = await answered.wireChunks(0);
  const put = await fetch(`${(answered.json.files as { upload_url: string }[])[0]?.upload_url}/chunks/0`, {
    method: "PUT",
    headers: { "x-upload-token": String(answered.json.upload_token) },
    body: first as Uint8Array<ArrayBuffer>,
  });
  expect(put.status).toBe(204);
  expect(await cleanup(server.url)).toMatchObject({ abandoned: 0, files: 0 });
  expect(await chunksLeft()).toBe(1);
  await server.sql.query("UPDATE request_answers SET upload_expires_at = now() WHERE request_id = $1", [
    abandoned.id,
  ]);
  expect(await cleanup(server.url)).toMatchObject({ abandoned: 1, files: 1 });
  expect(await chunksLeft()).toBe(0);
  expect(
    await count("SELECT count(*)::int AS n FROM request_answers WHERE request_id = $1", [abandoned.id]),
  ).toBe(0);
  expect(await count("SELECT count(*)::int AS n FROM note_files")).toBe(0);
});
