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
export class FileStoreUnavailable extends Error {} // thrown on a full disk / unreachable store → 503 unavailable
