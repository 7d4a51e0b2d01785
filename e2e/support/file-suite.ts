import { sealNote } from "../../lib/crypto/envelope";
import { expect, test } from "./fixtures";
import {
  createNote,
  download,
  generatedFile,
  MiB,
  readNote,
  uploadChunks,
  type CreatedFiles,
} from "./file-transfer";
import { timeouts } from "./timeouts";

// Files moved through the API of a server (`base()` says where; each spec picks the storage):
// declared at create, uploaded chunk by chunk, granted by the read, downloaded as a stream, with
// SHA-256 compared at both ends. Plain notes' files are sealed by the server (plaintext on the
// wire); end-to-end notes' files are ciphertext the server stores as sent (here random bytes of the
// right sizes).

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
  const created = await createNote(base, { ttl: "1h", ...body, ...extra });
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

      const read = await readNote(base(), created.id);
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
        expect(got.headers.get("content-length")).toBe(String(wire));
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
      const read = await readNote(base(), created.id);
      const [file] = read.json.files as { download_url: string }[];
      const got = await download(file?.download_url ?? "");
      expect(got.status).toBe(200);
      expect(got.length).toBe(size + (encrypted ? 200 * 16 : 0));
      expect(got.digest).toBe(source.digest());
    });
  }
}
