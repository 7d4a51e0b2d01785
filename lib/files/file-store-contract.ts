// The behaviour every FileStore must have, as one suite that each store's test file runs against
// its own store (Postgres, S3): the same cases, so the two cannot drift apart. `open` gives a store
// of its own, empty, that nothing else writes to while the suite runs (the counts are exact).
import { createHash, randomUUID } from "node:crypto";
import { bytesSha256Hex } from "../crypto/digest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FileStore } from "./file-store-interface";
import { MiB } from "../byte-units";

interface OpenedStore {
  store: FileStore;
  close(): Promise<void>;
}

/** Chunk `index` of a made-up file: `size` bytes that differ from chunk to chunk and file to file. */
function sampleChunk(fileId: string, index: number, size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  const seed = createHash("sha256").update(`${fileId}/${index}`).digest();
  for (let offset = 0; offset < size; offset += seed.length)
    bytes.set(seed.subarray(0, size - offset), offset);
  return bytes;
}

/** SHA-256 in hex: compares megabytes at once (a deep equality walks them byte by byte). */
const sha256 = bytesSha256Hex;

/** Chunk `index` of a made-up file, as its SHA-256. */
const sampleDigest = (fileId: string, index: number, size: number) =>
  sha256(sampleChunk(fileId, index, size));

export async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array[]> {
  const all: Uint8Array[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return all;
}

/** Stores `sizes.length` chunks of a new file, in order, and answers its id. */
async function storeFile(store: FileStore, sizes: number[]): Promise<string> {
  const fileId = randomUUID();
  for (const [index, size] of sizes.entries())
    await store.putChunk(fileId, index, sampleChunk(fileId, index, size));
  return fileId;
}

/** A full end-to-end chunk at rest: 1 MiB of ciphertext and its 16-byte tag. */
const fullChunk = MiB + 16;

export function describeFileStoreContract(name: string, open: () => Promise<OpenedStore>): void {
  describe(`FileStore contract: ${name}`, () => {
    let opened: OpenedStore;
    let store: FileStore;
    beforeAll(async () => {
      opened = await open();
      store = opened.store;
    });
    afterAll(() => opened?.close());

    it("starts empty and reads back each chunk as stored, in order", async () => {
      expect(await store.countChunks()).toBe(0);
      // Sizes on and across the edges of the Postgres store's 32 KiB read slices, too.
      const sizes = [fullChunk, fullChunk, 32 * 1024, 64 * 1024 + 1, 17];
      const fileId = await storeFile(store, sizes);
      const read = await collect(store.readChunks(fileId, 0, sizes.length));
      expect(read.map((chunk) => chunk.byteLength)).toEqual(sizes);
      expect(read.map(sha256)).toEqual(sizes.map((size, index) => sampleDigest(fileId, index, size)));
      expect(await store.countChunks()).toBe(5);
      await store.deleteFiles([fileId]);
      expect(await store.countChunks()).toBe(0);
    });

    it("reads from a later chunk on, to the last one", async () => {
      const fileId = await storeFile(store, [40, 40, 40, 12]);
      const read = await collect(store.readChunks(fileId, 2, 4));
      expect(read.map(sha256)).toEqual([sampleDigest(fileId, 2, 40), sampleDigest(fileId, 3, 12)]);
      expect(await collect(store.readChunks(fileId, 4, 4))).toEqual([]);
      await store.deleteFiles([fileId]);
    });

    it("keeps an empty chunk (the one chunk of a 0-byte file: its 16-byte tag, or nothing)", async () => {
      const fileId = await storeFile(store, [0]);
      const read = await collect(store.readChunks(fileId, 0, 1));
      expect(read).toHaveLength(1);
      expect(read[0]?.byteLength).toBe(0);
      expect(await store.countChunks()).toBe(1);
      await store.deleteFiles([fileId]);
      expect(await store.countChunks()).toBe(0);
    });

    it("stops fetching when the reader stops", async () => {
      const fileId = await storeFile(store, [10, 10, 10, 10, 10, 10]);
      for await (const chunk of store.readChunks(fileId, 0, 6)) {
        expect(sha256(chunk)).toBe(sampleDigest(fileId, 0, 10));
        break;
      }
      await store.deleteFiles([fileId]);
    });

    it("deletes only the files it is given, and deleting again or an unknown file is no error", async () => {
      const kept = await storeFile(store, [5, 5]);
      const gone = [await storeFile(store, [5]), await storeFile(store, [5, 5, 5])];
      expect(await store.countChunks()).toBe(6);
      await store.deleteFiles(gone);
      expect(await store.countChunks()).toBe(2);
      await store.deleteFiles([...gone, randomUUID()]);
      await store.deleteFiles([]);
      expect(await store.countChunks()).toBe(2);
      expect((await collect(store.readChunks(kept, 0, 2))).map(sha256)).toEqual([
        sampleDigest(kept, 0, 5),
        sampleDigest(kept, 1, 5),
      ]);
      await store.deleteFiles([kept]);
      expect(await store.countChunks()).toBe(0);
    });

    it("holds many chunks of many files, and deletes more than a thousand at once", async () => {
      const files = await Promise.all(
        Array.from({ length: 9 }, () =>
          storeFile(
            store,
            Array.from({ length: 130 }, () => 3),
          ),
        ),
      );
      expect(await store.countChunks()).toBe(1170);
      const [kept, ...gone] = files as [string, ...string[]];
      const read = await collect(store.readChunks(kept, 0, 130));
      expect(read).toHaveLength(130);
      expect(sha256(read[129] ?? new Uint8Array())).toBe(sampleDigest(kept, 129, 3));
      await store.deleteFiles([...gone, randomUUID()]);
      expect(await store.countChunks()).toBe(130);
      await store.deleteFiles(files);
      expect(await store.countChunks()).toBe(0);
    });
  });
}
