// What only the S3 store does (the FileStore contract is in s3-store.contract.test.ts): where the
// objects go, a 200 MiB file through it, and every way the store can fail.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openS3Store, type TestS3Store } from "../test/s3-store";
import { collect } from "./file-store-contract";
import { FileStoreUnavailable } from "./file-store-interface";
import { parseS3Settings } from "./s3-settings";
import { S3FileStore } from "./s3-store";
import { MiB } from "../byte-units";

let s3: TestS3Store;
beforeAll(async () => {
  s3 = await openS3Store();
});
afterAll(() => s3?.close());

const bucketKeys = () => s3.server.objectKeys();

describe("S3 store", () => {
  it("keeps chunk i of a file at <prefix><file id>/<i, 8 digits>", async () => {
    const fileId = randomUUID();
    await s3.store.putChunk(fileId, 0, new Uint8Array([1]));
    await s3.store.putChunk(fileId, 12, new Uint8Array([2]));
    expect(await bucketKeys()).toEqual([`notes-files/${fileId}/00000000`, `notes-files/${fileId}/00000012`]);
    await s3.store.deleteFiles([fileId]);
    expect(await bucketKeys()).toEqual([]);
  });

  it("counts and deletes only under its own S3_PREFIX when installations share a bucket", async () => {
    const other = new S3FileStore(parseS3Settings({ ...s3.server.variables, S3_PREFIX: "other/" }));
    try {
      const mine = randomUUID();
      const theirs = randomUUID();
      await s3.store.putChunk(mine, 0, new Uint8Array(4));
      await other.putChunk(theirs, 0, new Uint8Array(4));
      await other.putChunk(theirs, 1, new Uint8Array(4));
      expect([await s3.store.countChunks(), await other.countChunks()]).toEqual([1, 2]);
      await s3.store.deleteFiles([mine, theirs]);
      expect(await bucketKeys()).toEqual([`other/${theirs}/00000000`, `other/${theirs}/00000001`]);
      await other.deleteFiles([theirs]);
      expect(await bucketKeys()).toEqual([]);
    } finally {
      other.close();
    }
  });

  it("streams a 200 MiB file in and out, chunk by chunk, to the same SHA-256", async () => {
    const fileId = randomUUID();
    const chunks = 200;
    const base = randomBytes(MiB + 16);
    const chunk = (index: number) => {
      base.writeUInt32BE(index, 0);
      return base;
    };
    const sent = createHash("sha256");
    for (let index = 0; index < chunks; index++) {
      sent.update(chunk(index));
      await s3.store.putChunk(fileId, index, chunk(index));
    }
    const received = createHash("sha256");
    let count = 0;
    for await (const bytes of s3.store.readChunks(fileId, 0, chunks)) {
      expect(bytes.byteLength).toBe(MiB + 16);
      received.update(bytes);
      count++;
    }
    expect(count).toBe(chunks);
    expect(received.digest("hex")).toBe(sent.digest("hex"));
    expect(await s3.store.countChunks()).toBe(chunks);
    await s3.store.deleteFiles([fileId]);
    expect(await s3.store.countChunks()).toBe(0);
  });

  it("fails a read plainly (not as an outage) when a chunk of a complete file is gone", async () => {
    const fileId = randomUUID();
    await s3.store.putChunk(fileId, 0, new Uint8Array(3));
    const reading = collect(s3.store.readChunks(fileId, 0, 2));
    await expect(reading).rejects.toThrow(`Chunk 1 of file ${fileId} is not in the bucket.`);
    await expect(reading).rejects.not.toBeInstanceOf(FileStoreUnavailable);
    await s3.store.deleteFiles([fileId]);
  });

  it("answers FileStoreUnavailable for a bucket that does not exist or an access key it refuses", async () => {
    const stores = [
      new S3FileStore(parseS3Settings({ ...s3.server.variables, S3_BUCKET: "no-such-bucket" })),
      new S3FileStore(parseS3Settings({ ...s3.server.variables, S3_ACCESS_KEY_ID: "WRONG" })),
    ];
    for (const store of stores) {
      await expect(store.putChunk(randomUUID(), 0, new Uint8Array(1))).rejects.toBeInstanceOf(
        FileStoreUnavailable,
      );
      await expect(store.countChunks()).rejects.toBeInstanceOf(FileStoreUnavailable);
      store.close();
    }
    await expect(stores[0]?.countChunks()).rejects.toThrow(
      /^The S3 file store failed: NoSuchBucket \(HTTP 404\)/,
    );
    await expect(stores[1]?.countChunks()).rejects.toThrow(
      /^The S3 file store failed: InvalidAccessKeyId \(HTTP 403\)/,
    );
  });
});

describe("S3 store, unreachable", () => {
  // A store that hangs rather than refusing would hit the test's timeout (vitest.config.ts): no clock here.
  it("answers FileStoreUnavailable from every method, mid-read too, once the store is gone", async () => {
    const gone = await openS3Store();
    try {
      const fileId = randomUUID();
      for (let index = 0; index < 8; index++) await gone.store.putChunk(fileId, index, new Uint8Array(MiB));
      const chunks = gone.store.readChunks(fileId, 0, 8)[Symbol.asyncIterator]();
      expect((await chunks.next()).value?.byteLength).toBe(MiB);
      await gone.server.stop();
      // The chunks read ahead may still arrive; the first one after them fails.
      await expect(collect({ [Symbol.asyncIterator]: () => chunks })).rejects.toBeInstanceOf(
        FileStoreUnavailable,
      );
      await expect(gone.store.putChunk(fileId, 8, new Uint8Array(1))).rejects.toBeInstanceOf(
        FileStoreUnavailable,
      );
      await expect(collect(gone.store.readChunks(fileId, 0, 1))).rejects.toBeInstanceOf(FileStoreUnavailable);
      await expect(gone.store.deleteFiles([fileId])).rejects.toBeInstanceOf(FileStoreUnavailable);
      await expect(gone.store.countChunks()).rejects.toThrow(/^The S3 file store failed: .*ECONNREFUSED/);
    } finally {
      await gone.close();
    }
  });
});
