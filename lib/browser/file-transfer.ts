// The browser's side of a note's files, going up: each file is read by 1 MiB slices (never whole),
// sealed chunk by chunk when the note is end-to-end encrypted, and PUT one chunk at a time. A chunk
// whose request fails for want of a connection or a server is sent again after a growing pause: the
// server's count of stored chunks (GET) says whether the lost attempt had landed, so the upload
// resumes where it stopped. The command-line client has its own in cli/lib/files.js.

import { encryptFileChunks, FILE_CHUNK_BYTES, splitFileChunks } from "@/lib/crypto/file-envelope";
import { webCryptoAvailable } from "./web-crypto";

/** A file as the create answer announced it. */
type UploadTarget = { index: number; size: number; chunks: number; upload_url: string };

export type FileUpload = { file: File; target: UploadTarget; key: CryptoKey | null };

/** An answer that another attempt will not change (a closed upload, a refused token). */
export class UploadError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

type Options = {
  uploads: FileUpload[];
  token: string;
  signal: AbortSignal;
  /** plaintext bytes of file `index` stored so far */
  onProgress: (index: number, bytes: number) => void;
  /** true while waiting to send a chunk again, false once one went through */
  onRetrying: (retrying: boolean) => void;
};

/** Where a URL the API gave points on this page's own origin: the page may be reached by another name. */
export const sameOrigin = (url: string) => {
  const { pathname, search } = new URL(url, window.location.href);
  return pathname + search;
};

/** Waits between attempts: twice as long each time, at most 8 s, and on until the browser is online. */
const retryDelayMs = (attempt: number) => Math.min(500 * 2 ** attempt, 8000);

/** Resolves when `start` calls its argument, rejects with the abort's reason; `start` returns its undoing. */
function waitFor(signal: AbortSignal, start: (done: () => void) => () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const abort = () => {
      stop();
      reject(signal.reason);
    };
    const stop = start(() => {
      stop();
      signal.removeEventListener("abort", abort);
      resolve();
    });
    signal.addEventListener("abort", abort, { once: true });
  });
}

async function pause(ms: number, signal: AbortSignal): Promise<void> {
  await waitFor(signal, (done) => {
    const timer = setTimeout(done, ms);
    return () => clearTimeout(timer);
  });
  if (navigator.onLine) return;
  await waitFor(signal, (done) => {
    window.addEventListener("online", done);
    return () => window.removeEventListener("online", done);
  });
}

/** The file's bytes, read 1 MiB at a time: the page never holds the whole file. */
async function* slices(file: File): AsyncGenerator<Uint8Array> {
  for (let start = 0; start < file.size; start += FILE_CHUNK_BYTES) {
    yield new Uint8Array(await file.slice(start, start + FILE_CHUNK_BYTES).arrayBuffer());
  }
}

const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");

/** The error code and message of a refused request, as every API error carries them. */
async function failureOf(response: Response): Promise<UploadError> {
  const json = (await response.json().catch(() => ({}))) as { error?: unknown; message?: unknown };
  const code = typeof json.error === "string" ? json.error : `http_${response.status}`;
  const message = typeof json.message === "string" ? json.message : `The server answered ${response.status}.`;
  return new UploadError(code, message);
}

/** Statuses another attempt may change: the server or a proxy could not take the chunk just now. */
const worthRetrying = (status: number) => status === 408 || status === 429 || status >= 500;

/** How many chunks of the file the server holds, or null when it could not be asked. */
async function receivedChunks(url: string, token: string, signal: AbortSignal): Promise<number | null> {
  try {
    const response = await fetch(url, { headers: { "x-upload-token": token }, signal, cache: "no-store" });
    if (!response.ok) return null;
    const { received } = (await response.json()) as { received?: unknown };
    return typeof received === "number" ? received : null;
  } catch {
    if (signal.aborted) throw signal.reason;
    return null;
  }
}

/** Refusals of a chunk that say another attempt at it may have got there first, or soon may. */
const refusedAsTaken = new Set(["chunk_exists", "chunk_in_progress", "chunk_out_of_order"]);

/** A chunk_in_progress answer's Retry-After in milliseconds: the claim of an attempt that died lapses then. */
const claimWaitMs = (response: Response) =>
  1000 * Math.max(1, Number(response.headers.get("retry-after")) || 1);

/**
 * Stores chunk `index` of the file at `url`, trying again until it is stored or refused for good. A
 * retried chunk refused as taken is never taken as stored on the refusal's word: the server's count
 * decides, and a chunk claimed by an attempt that died with its server is sent again once the claim lapses.
 */
async function sendChunk(url: string, index: number, bytes: Uint8Array<ArrayBuffer>, options: Options) {
  const { token, signal } = options;
  const headers: Record<string, string> = {
    "content-type": "application/octet-stream",
    "x-upload-token": token,
  };
  // The digest needs WebCrypto, which a page served over plain HTTP lacks; the header is optional.
  if (webCryptoAvailable()) headers["x-chunk-sha256"] = hex(await crypto.subtle.digest("SHA-256", bytes));
  // Sent as a Blob: in Chromium a 1 MiB body went up in 15-17 ms so, and 36-45 ms as bytes (and
  // many times that while DevTools watch the page), docs/benchmarks.md.
  const body = new Blob([bytes]);
  for (let attempt = 0; ; attempt++) {
    let waitMs = retryDelayMs(attempt);
    try {
      const response = await fetch(`${url}/chunks/${index}`, {
        method: "PUT",
        headers,
        body,
        signal,
        cache: "no-store",
      });
      if (response.ok) return options.onRetrying(false);
      const failure = await failureOf(response);
      const taken = failure.code === "chunk_in_progress" || (attempt > 0 && refusedAsTaken.has(failure.code));
      // A second attempt refused: the first one may have stored the chunk and its answer was lost.
      const received = taken ? await receivedChunks(url, token, signal) : null;
      if (received !== null && received > index) return options.onRetrying(false);
      // Fewer stored than the chunks this page saw stored: nothing to carry on from.
      if (received !== null && received < index) throw failure;
      if (failure.code === "chunk_in_progress") waitMs = claimWaitMs(response);
      else if (!taken && !worthRetrying(response.status)) throw failure;
    } catch (error) {
      if (signal.aborted || error instanceof UploadError) throw error;
    }
    options.onRetrying(true);
    await pause(waitMs, signal);
    const received = await receivedChunks(url, token, signal);
    if (received !== null && received > index) return options.onRetrying(false);
  }
}

/** Uploads every file, one chunk at a time, in order; rejects with UploadError or the abort's reason. */
export async function uploadFiles(options: Options): Promise<void> {
  for (const { file, target, key } of options.uploads) {
    const url = sameOrigin(target.upload_url);
    const chunks = key
      ? encryptFileChunks(key, slices(file), file.size)
      : splitFileChunks(slices(file), file.size);
    // The next chunk is read and sealed while this one travels: at most two are held at a time.
    let next = chunks.next();
    for (let index = 0; ; index++) {
      const { done, value } = await next;
      if (done) break;
      next = chunks.next();
      // A failed upload leaves the chunk read ahead unawaited: its own failure is of no interest then.
      next.catch(() => {});
      await sendChunk(url, index, value as Uint8Array<ArrayBuffer>, options);
      options.onProgress(target.index, Math.min((index + 1) * FILE_CHUNK_BYTES, file.size));
    }
  }
}
