import { connect } from "node:net";
import { sealNote } from "../../lib/crypto/envelope";
import { expect, test } from "./fixtures";
import { download, generatedFile, putChunk, uploadChunks, type CreatedFiles } from "./file-transfer";
import { MiB } from "./files";
import { timeouts } from "./timeouts";
import { apiFor } from "./api-for";

// Files moved through the API of a server (`base()` says where; each spec picks the storage):
// declared at create, uploaded chunk by chunk, granted by the read, downloaded as a stream, with
// SHA-256 compared at both ends. Plain notes' files are sealed by the server (plaintext on the
// wire); end-to-end notes' files are ciphertext the server stores as sent (here random bytes of the
// right sizes). Uploads resume after a dropped connection, and of parallel uploads of one chunk
// exactly one lands.

const sizes = [0, 1, MiB, MiB + 1];
// The server checks only an envelope's form; what it seals (here one page) is the client's business.
const envelope = async () =>
  (await sealNote({ pages: [{ title: "", content: "files", format: "markdown" }] })).envelope;

async function declare(
  base: string,
  fileSizes: number[],
  encrypted: boolean,
  extra: Record<string, unknown> = {},
) {
  const files = fileSizes.map((size, index) =>
    encrypted ? { size } : { name: `file ${index}.bin`, type: "application/x-test", size },
  );
  const body = encrypted ? { content: await envelope(), encrypted: true, files } : { files };
  const created = await apiFor(base).create({ ttl: "1h", ...body, ...extra });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return created.json as unknown as CreatedFiles;
}

/**
 * The transfer tests, on the server at `base()`. The 200 MiB file goes plain and end to end, or, with
 * `largeOnce`, end to end only: the small files take both ways through each storage already, and a
 * 200 MiB file costs minutes on the embedded database.
 */
export function describeFileTransfers(base: () => string, { largeOnce = false } = {}): void {
  for (const encrypted of [false, true]) {
    const kind = encrypted ? "end-to-end" : "plain";

    test(`${kind}: files of 0 B, 1 B, 1 MiB and 1 MiB + 1 B go up and come back byte for byte`, async () => {
      const created = await declare(base(), sizes, encrypted);
      expect(created.upload_token).toMatch(/^[\w-]{43}$/);
      expect(created.files).toEqual(
        sizes.map((size, index) => ({
          index,
          size,
          chunks: Math.max(1, Math.ceil(size / MiB)),
          chunk_bytes: MiB,
          upload_url: `${base()}/api/v1/shares/${created.id}/files/${index}`,
        })),
      );
      const sources = sizes.map((size) => generatedFile(size));
      for (const [index, source] of sources.entries()) {
        const meta = await (await fetch(`${base()}/api/v1/shares/${created.id}/meta`)).json();
        expect(meta).toMatchObject({ file_count: 4, files_pending: true });
        await uploadChunks(
          created.files[index]?.upload_url ?? "",
          created.upload_token,
          source.chunks(encrypted),
        );
      }
      const meta = await (await fetch(`${base()}/api/v1/shares/${created.id}/meta`)).json();
      expect(meta).toMatchObject({ file_count: 4, files_pending: false });

      const read = await apiFor(base()).read(created.id);
      expect(read.status).toBe(200);
      const files = read.json.files as { index: number; size: number; name?: string; download_url: string }[];
      expect(files.map((file) => file.size)).toEqual(sizes);
      if (encrypted) expect(files.every((file) => file.name === undefined)).toBe(true);
      else expect(files.map((file) => file.name)).toEqual(sizes.map((_, index) => `file ${index}.bin`));
      for (const [index, file] of files.entries()) {
        const got = await download(file.download_url);
        expect(got.status).toBe(200);
        expect(got.headers.get("content-type")).toBe("application/octet-stream");
        expect(got.headers.get("cache-control")).toBe("no-store");
        const wire = file.size + (encrypted ? Math.max(1, Math.ceil(file.size / MiB)) * 16 : 0);
        // Next.js's router drops a route's Content-Length (its sendResponse strips the header), so
        // through it (api-via-next, as under `next dev` and on platforms) a download comes chunked.
        if (test.info().project.name !== "api-via-next") {
          expect(got.headers.get("content-length")).toBe(String(wire));
        }
        expect(got.length).toBe(wire);
        expect(got.digest).toBe(sources[index]?.digest());
        if (!encrypted) {
          expect(got.headers.get("content-disposition")).toBe(
            `attachment; filename*=UTF-8''file%20${index}.bin`,
          );
        }
      }
    });

    if (largeOnce && !encrypted) continue;
    test(`${kind}: a 200 MiB file streams up and down intact`, async () => {
      test.setTimeout(timeouts.serverTest);
      const size = 200 * MiB;
      const created = await declare(base(), [size], encrypted);
      const source = generatedFile(size);
      await uploadChunks(created.files[0]?.upload_url ?? "", created.upload_token, source.chunks(encrypted));
      const read = await apiFor(base()).read(created.id);
      const [file] = read.json.files as { download_url: string }[];
      const got = await download(file?.download_url ?? "");
      expect(got.status).toBe(200);
      expect(got.length).toBe(size + (encrypted ? 200 * 16 : 0));
      expect(got.digest).toBe(source.digest());
    });
  }

  test("a dropped upload resumes from the offset the server reports", async () => {
    const size = 3 * MiB + 10;
    const note = await declare(base(), [size], false);
    const url = note.files[0]?.upload_url ?? "";
    const source = generatedFile(size);
    const chunks = [...source.chunks(false)];
    await uploadChunks(url, note.upload_token, chunks.slice(0, 2));

    // The third chunk's connection drops halfway through its body.
    const target = new URL(`${url}/chunks/2`);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(target.port), target.hostname, () => {
        socket.write(
          `PUT ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nX-Upload-Token: ${note.upload_token}\r\n` +
            `Content-Type: application/octet-stream\r\nContent-Length: ${MiB}\r\n\r\n`,
        );
        socket.write(chunks[2]?.subarray(0, MiB / 2) ?? "", () => setTimeout(() => socket.destroy(), 200));
      });
      socket.once("close", () => resolve());
    });

    const status = await fetch(url, { headers: { "x-upload-token": note.upload_token } });
    expect(status.status).toBe(200);
    expect(await status.json()).toEqual({ index: 0, size, chunks: 4, received: 2 });
    const head = await fetch(url, { method: "HEAD", headers: { "x-upload-token": note.upload_token } });
    expect(head.headers.get("upload-offset")).toBe("2");
    // A chunk that had landed (its answer lost, say) is not stored twice.
    const again = await putChunk(url, note.upload_token, 1, chunks[1] ?? Buffer.alloc(0));
    expect({ status: again.status, error: again.json?.error }).toEqual({
      status: 409,
      error: "chunk_exists",
    });
    await uploadChunks(url, note.upload_token, chunks, 2);
    const read = await apiFor(base()).read(note.id);
    const [file] = read.json.files as { download_url: string }[];
    expect(await download(file?.download_url ?? "")).toMatchObject({
      status: 200,
      length: size,
      digest: source.digest(),
    });
  });

  test("32 parallel uploads of the same chunk: exactly one is stored, the others told it is stored or being stored", async () => {
    const note = await declare(base(), [2 * MiB], false);
    const url = note.files[0]?.upload_url ?? "";
    const chunk = Buffer.alloc(MiB, 1);
    const answers = await Promise.all(
      Array.from({ length: 32 }, () => putChunk(url, note.upload_token, 0, chunk)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([204, ...Array<number>(31).fill(409)]);
    // Refused before the winner stored it: in progress, for as long as the claim holds (30 s at most).
    const refusals = answers.filter((answer) => answer.status === 409);
    expect(
      refusals.filter((a) => !["chunk_exists", "chunk_in_progress"].includes(String(a.json?.error))),
    ).toEqual([]);
    for (const inProgress of refusals.filter((a) => a.json?.error === "chunk_in_progress")) {
      expect(Number(inProgress.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(inProgress.retryAfter)).toBeLessThanOrEqual(30);
    }
    const status = await (await fetch(url, { headers: { "x-upload-token": note.upload_token } })).json();
    expect(status).toMatchObject({ received: 1 });
  });
}
