// Chunks of files in an S3-compatible object store (AWS S3, MinIO, R2, Ceph), one object per chunk:
// `<prefix><file id>/<index, 8 digits>`. Zero-padded indexes list in chunk order, and a file's
// chunks share a prefix, so deleting a file is listing that prefix and deleting what it holds.
import "server-only";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { FileStoreUnavailable, type FileStore } from "./file-store-interface";
import { env } from "../env";
import { s3SettingsOf, type S3Settings } from "./s3-settings";

/** DeleteObjects takes at most this many keys per call (the S3 API's limit). */
const deleteBatch = 1000;
/** Chunks fetched ahead of the one being read: hides a round trip each, holds this many more in memory. */
const readAhead = 1;

/** How long to wait for the store before answering 503: a TCP connection, then each response. */
const timeouts = { connectionTimeout: 5_000, requestTimeout: 30_000 };

export class S3FileStore implements FileStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.prefix = settings.prefix;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // The SDK's default adds CRC32 checksums to every upload and checks them on download; MinIO
      // before 2025, R2 and s3rver do not all know them. Only where the API demands one
      // (DeleteObjects) is it sent. Chunks carry their own integrity: an AES-GCM tag each.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      requestHandler: timeouts,
    });
  }

  private key(fileId: string, index: number): string {
    return `${this.prefix}${fileId}/${String(index).padStart(8, "0")}`;
  }

  async putChunk(fileId: string, index: number, bytes: Uint8Array): Promise<void> {
    await guarded(
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.key(fileId, index),
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: "application/octet-stream",
        }),
      ),
    );
  }

  async *readChunks(fileId: string, from: number, count: number): AsyncIterable<Uint8Array> {
    const pending: Promise<Uint8Array>[] = [];
    let next = from;
    const fetchNext = () => {
      const chunk = this.getChunk(fileId, next++);
      // Awaited in turn below; until then a failure must not count as unhandled.
      chunk.catch(() => {});
      pending.push(chunk);
    };
    while (next < count && pending.length <= readAhead) fetchNext();
    for (let chunk = pending.shift(); chunk; chunk = pending.shift()) {
      const bytes = await chunk;
      if (next < count) fetchNext();
      yield bytes;
    }
  }

  private async getChunk(fileId: string, index: number): Promise<Uint8Array> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.key(fileId, index) }),
      );
      if (!object.Body) throw new Error("The store answered without a body.");
      return await object.Body.transformToByteArray();
    } catch (error) {
      // A complete file lacking a chunk is not an outage: something removed it behind our back.
      if (error instanceof NoSuchKey)
        throw new Error(`Chunk ${index} of file ${fileId} is not in the bucket.`);
      throw unavailable(error);
    }
  }

  async deleteFiles(fileIds: string[]): Promise<void> {
    const keys: string[] = [];
    for (const fileId of fileIds) {
      for await (const page of this.listKeys(`${this.prefix}${fileId}/`)) {
        keys.push(...page);
        while (keys.length >= deleteBatch) await this.deleteKeys(keys.splice(0, deleteBatch));
      }
    }
    if (keys.length > 0) await this.deleteKeys(keys);
  }

  private async deleteKeys(keys: string[]): Promise<void> {
    const answer = await guarded(
      this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
        }),
      ),
    );
    const failed = answer.Errors ?? [];
    if (failed.length > 0) {
      const first = failed[0];
      throw new FileStoreUnavailable(
        `The store kept ${failed.length} of ${keys.length} chunks it was asked to delete` +
          ` (${first?.Key}: ${first?.Code} ${first?.Message}).`,
      );
    }
  }

  async countChunks(): Promise<number> {
    let count = 0;
    for await (const keys of this.listKeys(this.prefix)) count += keys.length;
    return count;
  }

  /** The keys under `prefix`, a page (at most 1000) at a time. */
  private async *listKeys(prefix: string): AsyncIterable<string[]> {
    let token: string | undefined;
    do {
      const page = await guarded(
        this.client.send(
          new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
        ),
      );
      yield (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Closes the client's open connections (tests and scripts that end). */
  close(): void {
    this.client.destroy();
  }
}

let shared: S3FileStore | undefined;

/** The process's S3 store, with the S3_* settings (FILE_STORAGE=s3). */
export function s3Store(): S3FileStore {
  shared ??= new S3FileStore(s3SettingsOf(env));
  return shared;
}

/** The answer to a request, or FileStoreUnavailable for any failure (its message says which). */
async function guarded<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    throw unavailable(error);
  }
}

// The SDK's error carries the whole HTTP response: only what says what went wrong is kept, so a
// log line stays one line.
function unavailable(error: unknown): FileStoreUnavailable {
  const status =
    error instanceof S3ServiceException ? ` (HTTP ${error.$metadata.httpStatusCode ?? "?"})` : "";
  const what = error instanceof Error ? `${error.name}${status}: ${error.message}` : String(error);
  return new FileStoreUnavailable(`The S3 file store failed: ${what}`);
}
