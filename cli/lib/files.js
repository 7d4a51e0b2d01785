// @ts-check
// A note's files on their way to the server (notes create --file): each read from disk as a stream,
// cut in 1 MiB chunks (and sealed, for an end-to-end note: cli/lib/file-envelope.js), and sent
// chunk by chunk to the upload URLs of the create's answer, so that no more than one chunk is in
// memory. A chunk whose answer does not come is sent again only after the server has said how many
// chunks it holds (GET of the upload URL): a dropped connection costs at most that one chunk, and
// the upload resumes where the server stopped.

import { open } from "node:fs/promises";
import { createReadStream } from "node:fs";
import path from "node:path";
import { errorOf, send } from "./api.js";
import { CliError, usageError } from "./cli-error.js";
import {
  FileEnvelopeError,
  encryptFileChunks,
  fileKey,
  plainChunkSize,
  splitFileChunks,
} from "./file-envelope.js";
import { isFileName } from "./file-name.js";
import { progress } from "./progress.js";

/** @typedef {{ path: string, name: string, type: string, size: number }} LocalFile */
/** @typedef {import("./api.js").Json} Json */

/** The types a file's extension tells; any other file is application/octet-stream. */
const typesByExtension = new Map([
  [".txt", "text/plain"],
  [".md", "text/markdown"],
  [".csv", "text/csv"],
  [".html", "text/html"],
  [".json", "application/json"],
  [".pdf", "application/pdf"],
  [".zip", "application/zip"],
  [".gz", "application/gzip"],
  [".pem", "application/x-pem-file"],
  [".png", "image/png"],
  [".jpg", "image/jpeg"],
  [".jpeg", "image/jpeg"],
  [".gif", "image/gif"],
  [".webp", "image/webp"],
  [".svg", "image/svg+xml"],
]);

/** The waits before each new attempt at a chunk: about a minute in all, for a network that comes back. */
const retryDelaysMs = [500, 1000, 2000, 4000, 8000, 8000, 8000, 8000, 8000, 8000];

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The --file paths as files to send, checked before anything is sent: each readable, a regular
 * file, and named as a note's file may be (cli/lib/note-document.js). The size is taken now; a file
 * that changes while it is sent fails then.
 * @param {string[]} paths
 * @returns {Promise<LocalFile[]>}
 */
export function localFiles(paths) {
  return Promise.all(
    paths.map(async (file) => {
      let size;
      try {
        const handle = await open(file, "r");
        const stats = await handle.stat().finally(() => handle.close());
        if (!stats.isFile()) throw new Error("not a regular file");
        size = stats.size;
      } catch (error) {
        throw usageError(`cannot send ${file}: ${/** @type {Error} */ (error).message}`);
      }
      const name = path.basename(file);
      if (!isFileName(name)) throw usageError(`cannot send a file named ${JSON.stringify(name)}: rename it`);
      const type = typesByExtension.get(path.extname(name).toLowerCase()) ?? "application/octet-stream";
      return { path: file, name, type, size };
    }),
  );
}

/**
 * One attempt at a request: null when the server answered with success, else the failure.
 * @param {() => Promise<Response>} request
 * @returns {Promise<CliError | null>}
 */
async function attempt(request) {
  try {
    const response = await request();
    if (!response.ok) return await errorOf(response);
    await response.body?.cancel();
    return null;
  } catch (error) {
    if (error instanceof CliError) return error;
    throw error;
  }
}

/**
 * How many chunks of the file the server holds; -1 when it cannot tell now.
 * @param {string} url the file's upload URL
 * @param {string} token
 */
async function storedChunks(url, token) {
  try {
    const response = await send(url, { headers: { "x-upload-token": token, accept: "application/json" } });
    const received = response.ok ? /** @type {Json} */ (await response.json()).received : undefined;
    return Number.isSafeInteger(received) ? Number(received) : -1;
  } catch {
    return -1;
  }
}

/** Refusals of a chunk that say another attempt at it may have got there first, or soon may. */
const refusedAsTaken = new Set(["chunk_exists", "chunk_in_progress", "chunk_out_of_order"]);

/**
 * Sends chunk `index` until the server holds it: again after a failure that may pass (no answer,
 * a 5xx, rate limiting), unless the server's count says it holds it. A retried chunk refused as
 * taken is never taken as stored on the refusal's word: the count decides. A chunk claimed by an
 * attempt that died with its server (chunk_in_progress) is sent again once its claim lapses.
 * @param {string} url the file's upload URL
 * @param {string} token
 * @param {number} index
 * @param {Uint8Array<ArrayBuffer>} bytes
 */
async function putChunk(url, token, index, bytes) {
  const digest = Buffer.from(await globalThis.crypto.subtle.digest("SHA-256", bytes)).toString("hex");
  const headers = {
    "x-upload-token": token,
    "x-chunk-sha256": digest,
    "content-type": "application/octet-stream",
  };
  for (let retry = 0; ; retry++) {
    const failure = await attempt(() =>
      send(`${url}/chunks/${index}`, { method: "PUT", headers, body: bytes }),
    );
    if (failure === null) return;
    const taken = failure.code === "chunk_in_progress" || (retry > 0 && refusedAsTaken.has(failure.code));
    // A second attempt refused: the first one may have stored the chunk and its answer was lost.
    if (taken && (await storedChunks(url, token)) > index) return;
    const delay = retryDelaysMs[retry];
    if (delay === undefined || (failure.kind !== "unavailable" && !taken)) throw failure;
    await sleep(failure.code === "chunk_in_progress" ? 1000 * (failure.retryAfterSeconds ?? 1) : delay);
    if ((await storedChunks(url, token)) > index) return;
  }
}

/**
 * Sends every file of a created note, one after the other, each chunk by chunk.
 * @param {Json} created the create's answer: its upload_token and files[].upload_url
 * @param {LocalFile[]} files as declared in the create, in the same order
 * @param {{ filesKey: CryptoKey, salts: string[] } | null} sealing for an end-to-end note: the key
 *   sealNote handed on and each file's salt in the note document
 */
export async function uploadFiles(created, files, sealing) {
  const token = String(created.upload_token);
  const targets = /** @type {{ upload_url?: unknown }[]} */ (
    Array.isArray(created.files) ? created.files : []
  );
  if (targets.length !== files.length || targets.some(({ upload_url }) => typeof upload_url !== "string")) {
    throw new CliError("unavailable", "bad_response", "the server's answer does not list the files sent");
  }
  for (const [index, file] of files.entries()) {
    const url = String(targets[index]?.upload_url);
    const source = createReadStream(file.path);
    const salt = sealing?.salts[index] ?? "";
    const chunks = sealing
      ? encryptFileChunks(await fileKey(sealing.filesKey, salt), source, file.size)
      : splitFileChunks(source, file.size);
    const shown = progress(`sending ${file.name}`, file.size);
    try {
      let chunk = 0;
      for await (const bytes of chunks) {
        await putChunk(url, token, chunk, bytes);
        shown.advance(plainChunkSize(file.size, chunk++));
      }
    } catch (error) {
      if (error instanceof FileEnvelopeError) {
        throw usageError(`${file.path} changed while it was sent: ${error.message}`);
      }
      // The file could not be read any more (removed, a disk error).
      if (error instanceof Error && "syscall" in error)
        throw usageError(`cannot read ${file.path}: ${error.message}`);
      throw error;
    } finally {
      shown.end();
    }
  }
}
