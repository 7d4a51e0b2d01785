import type { CreatedFiles } from "../support/file-transfer";
import { download, generatedFile } from "../support/file-transfer";
import { instanceCount } from "../support/scale-cluster";
import { expect, send, tally, test } from "./cluster";

// Points 4 and 5 of issue 48: a file's chunks, sent through the balancer, land on all three
// instances (HAProxy's X-Served-By, test-only) and go to the one S3 bucket; an upload begun on one
// instance resumes on another; the download, from any of them, is byte-identical.

const size = 7 * 1024 * 1024 + 12_345;

/** Declares a note with one file of `size` bytes: the create's answer. */
async function declare(base: string) {
  const created = await send(`${base}/api/v1/shares`, {
    body: { ttl: "1h", files: [{ name: "data.bin", type: "application/octet-stream", size }] },
  });
  expect("status" in created && created.status, JSON.stringify(created)).toBe(201);
  return ("json" in created ? created.json : {}) as unknown as CreatedFiles;
}

/** Sends each chunk to the instance `through(index)` names (a base URL): each PUT's outcome. */
async function upload(created: CreatedFiles, chunks: Buffer[], through: (index: number) => string) {
  const path = new URL(created.files[0]?.upload_url ?? "").pathname;
  const puts = [];
  for (const [index, chunk] of chunks.entries())
    puts.push(
      await send(`${through(index)}${path}/chunks/${index}`, {
        method: "PUT",
        body: chunk,
        headers: { "x-upload-token": created.upload_token },
      }),
    );
  return puts;
}

/** The note's one file downloaded through the balancer: its length and SHA-256. */
async function downloaded(base: string, id: string) {
  const read = await send(`${base}/api/v1/shares/${id}/read`, { body: {} });
  const [file] = ("json" in read ? read.json.files : []) as { download_url: string }[];
  const got = await download(file?.download_url ?? "");
  expect(got.status).toBe(200);
  return { length: got.length, digest: got.digest };
}

test("a file's chunks through the balancer land on all three instances; the download is byte-identical", async ({
  cluster,
}) => {
  const created = await declare(cluster.url);
  const source = generatedFile(size);
  const chunks = [...source.chunks(false)];
  expect(chunks).toHaveLength(8);
  const puts = await upload(created, chunks, () => cluster.url);
  expect(tally(puts)).toEqual({ "204": 8 });
  const servedBy = puts.map((put) => ("servedBy" in put ? put.servedBy : put.error));
  expect(new Set(servedBy).size).toBe(instanceCount);
  expect(await downloaded(cluster.url, created.id)).toEqual({ length: size, digest: source.digest() });
});

test("an upload begun on one instance resumes on another", async ({ cluster }) => {
  const created = await declare(cluster.url);
  const source = generatedFile(size);
  const chunks = [...source.chunks(false)];
  const [first, last] = [cluster.instances[0]?.url ?? "", cluster.instances[2]?.url ?? ""];
  // Chunks 0-3 to the first instance, then 4-7 to the third.
  const puts = await upload(created, chunks, (index) => (index < 4 ? first : last));
  expect(tally(puts)).toEqual({ "204": 8 });
  expect(await downloaded(cluster.url, created.id)).toEqual({ length: size, digest: source.digest() });
});
