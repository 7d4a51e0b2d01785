import { createHash, randomBytes } from "node:crypto";
import { MiB } from "./files";

// Moving files through the files API in tests, as a client would: a create that declares them,
// each chunk PUT in order, each download read as a stream. Nothing here holds a whole file: the
// sender hashes what it generates, the receiver what arrives, and the two digests are compared.

const tag = 16;

type Json = Record<string, unknown>;

export type CreatedFiles = {
  id: string;
  upload_token: string;
  upload_expires_at: number;
  files: { index: number; size: number; chunks: number; chunk_bytes: number; upload_url: string }[];
};

/** A file's content, produced chunk by chunk: `size` random bytes and, once produced, their SHA-256. */
export function generatedFile(size: number) {
  const hash = createHash("sha256");
  return {
    size,
    digest: () => hash.digest("hex"),
    /** the wire chunks: plaintext (plain notes), or random "ciphertext" 16 bytes longer (end-to-end) */
    *chunks(encrypted: boolean): Generator<Buffer> {
      const count = Math.max(1, Math.ceil(size / MiB));
      for (let index = 0; index < count; index++) {
        const chunk = randomBytes(Math.min(MiB, size - index * MiB) + (encrypted ? tag : 0));
        hash.update(chunk);
        yield chunk;
      }
    },
  };
}

export async function putChunk(
  url: string,
  token: string,
  chunk: number,
  bytes: Uint8Array,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${url}/chunks/${chunk}`, {
    method: "PUT",
    headers: { "x-upload-token": token, "content-type": "application/octet-stream", ...headers },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  const text = await response.text();
  return {
    status: response.status,
    offset: response.headers.get("upload-offset"),
    retryAfter: response.headers.get("retry-after"),
    json: (text ? JSON.parse(text) : null) as Json | null,
  };
}

/** Uploads every chunk of `chunks` in order from chunk `from`, failing on any answer but 204. */
export async function uploadChunks(url: string, token: string, chunks: Iterable<Buffer>, from = 0) {
  let index = 0;
  for (const chunk of chunks) {
    if (index >= from) {
      const put = await putChunk(url, token, index, chunk);
      if (put.status !== 204) throw new Error(`chunk ${index}: ${put.status} ${JSON.stringify(put.json)}`);
    }
    index++;
  }
}

/** Downloads a file, hashing it as it arrives: its status, headers, length and SHA-256. */
export async function download(url: string) {
  const response = await fetch(url);
  const hash = createHash("sha256");
  let length = 0;
  const reader = response.body?.getReader();
  for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
    hash.update(part.value);
    length += part.value.byteLength;
  }
  return { status: response.status, headers: response.headers, length, digest: hash.digest("hex") };
}
