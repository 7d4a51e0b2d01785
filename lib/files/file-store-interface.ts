// What every file store does (lib/files/postgres-store.ts, s3-store.ts), and how it fails.

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
