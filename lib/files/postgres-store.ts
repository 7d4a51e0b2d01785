import "server-only";
import { Prisma } from "../generated/prisma/client";
import { queryRows } from "../db";
import { FileStoreUnavailable, type FileStore } from "./file-store";

// Chunks as rows of file_chunks in the service's own database (Postgres or the embedded one):
// nothing more to run. One chunk per statement, so no statement ever holds more than one chunk.

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
      const [row] = await queryRows<{ data: Uint8Array }>(
        Prisma.sql`SELECT data FROM file_chunks WHERE file_id = ${fileId}::uuid AND chunk_index = ${index}::int`,
      );
      if (!row) throw new Error(`Chunk ${index} of file ${fileId} is missing from the store.`);
      yield row.data;
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
