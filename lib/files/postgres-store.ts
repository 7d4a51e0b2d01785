import "server-only";
import { Prisma } from "../generated/prisma/client";
import { queryBytes, queryRows } from "../db";
import { FileStoreUnavailable, type FileStore } from "./file-store-interface";

// Chunks as rows of file_chunks in the service's own database (Postgres or the embedded one):
// nothing more to run. One chunk per statement, so no statement ever holds more than one chunk.
//
// A chunk is read back in slices of 32 KiB, one row each (Postgres reads a slice of an uncompressed
// value without the rest), joined into the chunk as they arrive (lib/db/query-bytes.ts). A whole
// chunk in one row would be one protocol message of 1 MiB, for which pg's parser grows its buffer
// by doubling, to 2 MiB; a slice fits the buffer it already has.

/** Bytes per row when reading a chunk. */
const readSliceBytes = 32 * 1024;

/** Postgres's answers for a store that cannot take more: disk full, out of memory, too large. */
const fullStoreCodes = new Set(["53100", "53200", "54000"]);

async function guarded<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && fullStoreCodes.has(code)) {
      throw new FileStoreUnavailable(`The database cannot store the chunk (SQLSTATE ${code}).`, {
        cause: error,
      });
    }
    throw error;
  }
}

export const postgresStore: FileStore = {
  async putChunk(fileId, index, bytes) {
    // A chunk whose first write landed but whose upload was not recorded is written again as is.
    await guarded(
      queryRows(Prisma.sql`
        INSERT INTO file_chunks (file_id, chunk_index, data) VALUES (${fileId}::uuid, ${index}::int, ${bytes})
        ON CONFLICT (file_id, chunk_index) DO UPDATE SET data = excluded.data`),
    );
  },
  async *readChunks(fileId, from, count) {
    for (let index = from; index < count; index++) {
      const chunk = await queryBytes(Prisma.sql`
        SELECT octet_length(data) AS size, substring(data FROM s FOR ${readSliceBytes}::int) AS part
        FROM file_chunks, generate_series(1, greatest(octet_length(data), 1), ${readSliceBytes}::int) AS s
        WHERE file_id = ${fileId}::uuid AND chunk_index = ${index}::int ORDER BY s`);
      if (!chunk) throw new Error(`Chunk ${index} of file ${fileId} is missing from the store.`);
      yield chunk;
    }
  },
  async deleteFiles(fileIds) {
    if (fileIds.length === 0) return;
    await queryRows(Prisma.sql`DELETE FROM file_chunks WHERE file_id = ANY(${fileIds}::uuid[])`);
  },
  async countChunks() {
    const [row] = await queryRows<{ chunks: number }>(
      Prisma.sql`SELECT count(*)::int AS chunks FROM file_chunks`,
    );
    return row?.chunks ?? 0;
  },
};
