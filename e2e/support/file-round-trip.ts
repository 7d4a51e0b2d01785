// A file through the API as its clients move it (spec: docs/files.md), with plain fetch so that the
// e2e specs and `npm run bench` share it: declared at create, uploaded chunk by chunk in order,
// downloaded with the grant a read hands out, and compared by SHA-256 at both ends. The bytes are
// made up (a random megabyte, each chunk stamped with its index): the server never opens an
// end-to-end chunk, so random bytes of the right sizes stand for ciphertext.
import { createHash, randomBytes } from "node:crypto";

export const MiB = 1024 * 1024;
/** An end-to-end chunk is its plaintext and a 16-byte AES-GCM tag. */
const tagBytes = 16;

export type FileKind = "e2e" | "sealed";

/** Sizes of the chunks a client sends for a file of `size` plaintext bytes. */
export function chunkSizes(size: number, kind: FileKind): number[] {
  const count = Math.max(1, Math.ceil(size / MiB));
  const overhead = kind === "e2e" ? tagBytes : 0;
  return Array.from({ length: count }, (_, index) => Math.min(MiB, size - index * MiB) + overhead);
}

const base = randomBytes(MiB + tagBytes);

function chunkBytes(index: number, length: number): Uint8Array<ArrayBuffer> {
  const bytes = Buffer.from(base.subarray(0, length));
  if (length >= 4) bytes.writeUInt32BE(index, 0);
  return bytes;
}

export interface DeclaredFile {
  upload_url: string;
  chunks: number;
}

/**
 * Uploads every chunk of a made-up file in order, one request each; answers the SHA-256 a
 * download must give back (of the wire chunks for e2e, of the plaintext for server-sealed files).
 * `afterChunk` runs once each chunk is stored (tests stop the store there).
 */
export async function uploadFile(
  file: DeclaredFile,
  token: string,
  size: number,
  kind: FileKind,
  afterChunk?: (index: number) => Promise<void>,
): Promise<string> {
  const digest = createHash("sha256");
  for (const [index, length] of chunkSizes(size, kind).entries()) {
    const bytes = chunkBytes(index, length);
    const response = await putChunk(file, token, index, bytes);
    if (response.status !== 204) {
      throw new Error(`Chunk ${index}: ${response.status} ${await response.text()}`);
    }
    digest.update(bytes);
    await afterChunk?.(index);
  }
  return digest.digest("hex");
}

/** One chunk's upload request (tests look at its answer themselves). */
export function putChunk(file: DeclaredFile, token: string, index: number, bytes: Uint8Array<ArrayBuffer>) {
  return fetch(`${file.upload_url}/chunks/${index}`, {
    method: "PUT",
    headers: { "content-type": "application/octet-stream", "x-upload-token": token },
    body: bytes,
  });
}

/** Streams a download through SHA-256, never holding it whole. */
export async function downloadFile(url: string) {
  const response = await fetch(url);
  const digest = createHash("sha256");
  let bytes = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
    digest.update(read.value);
    bytes += read.value.byteLength;
  }
  return { status: response.status, headers: response.headers, bytes, sha256: digest.digest("hex") };
}
