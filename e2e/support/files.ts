import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import type { BrowserContext, Download, Locator, Page } from "@playwright/test";
import { MiB } from "../../lib/byte-units";

export { MiB };

// What the files specs share: files of the sizes that matter to chunking, and the SHA-256 of what a
// browser or the CLI saved, to compare with what it was given.

export type TestFile = { name: string; mimeType: string; buffer: Buffer };

/** Random files of 0 bytes, 1 byte, exactly one chunk, and one chunk plus one byte. */
export const chunkEdgeFiles = (): TestFile[] =>
  [
    ["empty.bin", 0],
    ["one-byte.txt", 1],
    ["one-chunk.bin", MiB],
    ["chunk-plus-one.bin", MiB + 1],
  ].map(([name, size]) => ({
    name: String(name),
    mimeType: String(name).endsWith(".txt") ? "text/plain" : "application/octet-stream",
    buffer: randomBytes(Number(size)),
  }));

/** The SHA-256 of bytes in hex, as the service computes a chunk's. */
export { bytesSha256Hex as sha256 } from "../../lib/crypto/digest";

/** The SHA-256 of a file on disk, read as a stream. */
export async function sha256OfPath(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const piece of createReadStream(path)) hash.update(piece as Buffer);
  return hash.digest("hex");
}

/** Writes `size` random bytes to `path` 1 MiB at a time (never the whole file in memory): their SHA-256. */
export async function writeRandomFile(path: string, size: number): Promise<string> {
  const hash = createHash("sha256");
  const file = await open(path, "w");
  try {
    for (let written = 0; written < size; written += MiB) {
      const block = randomBytes(Math.min(MiB, size - written));
      hash.update(block);
      await file.write(block);
    }
  } finally {
    await file.close();
  }
  return hash.digest("hex");
}

/** The file the browser saved when `click` started a download: its suggested name and SHA-256. */
export async function downloadBy(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  return { name: download.suggestedFilename(), sha256: await sha256OfPath(await savedPath(download)) };
}

async function savedPath(download: Download): Promise<string> {
  const path = await download.path();
  if (!path) throw new Error(`download failed: ${await download.failure()}`);
  return path;
}

/**
 * Pages of this context save through a Blob and an object URL, as browsers without the File System
 * Access API do: Playwright sees that as a download (a save dialog it cannot answer).
 */
export const withoutSavePicker = (context: BrowserContext) =>
  context.addInitScript(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker);

/** The file input of the create page. */
export const fileInput = (page: Page): Locator => page.getByLabel("Add files");

/** The note's id, from a link to it. */
export const idOf = (url: string) => new URL(url).pathname.slice(1);
