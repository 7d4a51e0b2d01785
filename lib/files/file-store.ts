import "server-only";
import { env } from "../env";

// Where file chunks are kept: the database (FILE_STORAGE=postgres, the default) or an S3-compatible
// object store (FILE_STORAGE=s3). The domain decides what may be stored and read; a store only keeps
// bytes under a file's id and a chunk's index.

export interface FileStore {
  /** stores chunk `index` of file `fileId` (a uuid string); overwrites nothing: the caller has checked order */
  putChunk(fileId: string, index: number, bytes: Uint8Array): Promise<void>;
  /** yields chunks from..count-1 of a complete file in order, one at a time (never the whole file) */
  readChunks(fileId: string, from: number, count: number): AsyncIterable<Uint8Array>;
  /** removes every chunk of these files; idempotent */
  deleteFiles(fileIds: string[]): Promise<void>;
  /** how many chunks the store holds in all (tests count what is left) */
  countChunks(): Promise<number>;
}

/** A full disk or an unreachable store: answered 503 unavailable, and nothing is recorded. */
export class FileStoreUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "FileStoreUnavailable";
  }
}

let store: Promise<FileStore> | undefined;

/** The store FILE_STORAGE names, made once per process. */
export function fileStore(): Promise<FileStore> {
  store ??= env.FILE_STORAGE === "s3" ? s3Store() : import("./postgres-store").then((m) => m.postgresStore);
  return store;
}

// The S3 store is a module of its own, loaded only when configured, so the AWS SDK stays out of a
// database-only process.
async function s3Store(): Promise<FileStore> {
  const { s3Store } = await import("./s3-store");
  return s3Store();
}
