// The browser's side of a note's files, coming down: the body is split at the wire chunks' bounds as
// it arrives (decryptFileChunks), each chunk opened as soon as it is whole and written out at once, so neither the
// ciphertext nor the plaintext is ever held whole. Where the browser lets a page write a file (the
// File System Access API), the chunks go straight to disk; elsewhere they become the parts of a
// Blob, which the browser may keep on disk, saved through an object URL.

import { decryptFileChunks } from "@/lib/crypto/file-envelope";
import { savedFileName } from "@/lib/files/file-name";
import { sameOrigin } from "./file-transfer";

/** A file of a note that was read, as the viewer shows it. */
export type NoteFile = {
  index: number;
  name: string;
  type: string;
  size: number;
  download_url: string;
  /** the file's key, for an end-to-end note's file; null when the server opens it */
  key: CryptoKey | null;
  /** what its download must send (an answer's file: the requester's owner proof) */
  headers?: Record<string, string>;
};

type Sink = { write: (bytes: Uint8Array<ArrayBuffer>) => Promise<void>; close: () => Promise<void> };

type SaveFilePicker = (options: { suggestedName: string }) => Promise<{
  createWritable: () => Promise<{
    write: (bytes: Uint8Array<ArrayBuffer>) => Promise<void>;
    close: () => Promise<void>;
    abort: () => Promise<void>;
  }>;
}>;

/**
 * Where the file goes. Asks for the place first, while the click still counts as one: the browser
 * offers its save dialog only then. Rejects with an AbortError when the visitor closes the dialog.
 */
export async function openSink(file: NoteFile, signal: AbortSignal): Promise<Sink> {
  const picker = (window as { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
  // The name shown, saved without its leading dot: a download is never a hidden file.
  const suggestedName = savedFileName(file.name, file.index);
  if (picker) {
    const writable = await (await picker({ suggestedName })).createWritable();
    // An abandoned download leaves no half file behind.
    signal.addEventListener("abort", () => void writable.abort().catch(() => {}), { once: true });
    return { write: (bytes) => writable.write(bytes), close: () => writable.close() };
  }
  const parts: Uint8Array<ArrayBuffer>[] = [];
  return {
    write: async (bytes) => void parts.push(bytes),
    close: async () => {
      const url = URL.createObjectURL(new Blob(parts, { type: file.type }));
      const link = Object.assign(document.createElement("a"), { href: url, download: suggestedName });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  };
}

/** A body's bytes as they arrive (the DOM types do not know a stream as an async iterable). */
async function* bytesOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) yield next.value;
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/**
 * Fetches an end-to-end file, opens it chunk by chunk as its body arrives and writes each chunk out;
 * `onProgress` hears of the plaintext bytes written so far. (The server opens a file it sealed
 * itself: a link fetches that.)
 */
export async function downloadFile(
  file: NoteFile & { key: CryptoKey },
  sink: Sink,
  options: { signal: AbortSignal; onProgress: (bytes: number) => void },
): Promise<void> {
  const response = await fetch(sameOrigin(file.download_url), {
    signal: options.signal,
    cache: "no-store",
    headers: file.headers,
  });
  if (!response.ok || !response.body) throw new Error(`The server answered ${response.status}.`);
  let written = 0;
  for await (const chunk of decryptFileChunks(file.key, bytesOf(response.body), file.size)) {
    await sink.write(chunk);
    written += chunk.length;
    options.onProgress(written);
  }
  await sink.close();
}
