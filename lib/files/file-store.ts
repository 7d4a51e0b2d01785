import "server-only";
import { env } from "../env";
import type { FileStore } from "./file-store-interface";

// Where file chunks are kept: the database (FILE_STORAGE=postgres, the default) or an S3-compatible
// object store (FILE_STORAGE=s3). The domain decides what may be stored and read; a store only keeps
// bytes under a file's id and a chunk's index.

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
