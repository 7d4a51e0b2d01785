import "server-only";
import { Prisma } from "../generated/prisma/client";
import { queryRows } from "../db";
import { FileStoreUnavailable, type FileStore } from "./file-store";

// Chunks as rows of file_chunks in the service's own database (Postgres or the embedded one):
// nothing more to run. One chunk per statement, so no statement ever holds more than one chunk.
//
// A chunk is read back in slices, one row each. pg receives bytea as hex text: a whole 1 MiB chunk
// would arrive as one 2 MiB message (pg's parser grows its buffer by doubling, to 4 MiB) and become
// a 2 MiB string in V8's large-object space, and that garbage, collected late, was most of a
// download's memory (docs/benchmarks.md). A 32 KiB slice is a 64 KiB string, young garbage that the
// next scavenge frees, and a message that needs no large buffer.

/** Bytes per row when reading a chunk: its hex text stays under V8's large-object size (128 KiB). */
export const readSliceBytes = 32 * 1024;

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

/** The slices of one chunk as one buffer (a chunk of one slice needs no copy). */
function joined(parts: Uint8Array[], size: number): Uint8Array {
  if (parts.length === 1 && parts[0]) return parts[0];
  const chunk = Buffer.allocUnsafe(size);
  let offset = 0;
  for (const part of parts) {
    chunk.set(part, offset);
    offset += part.byteLength;
  }
  return chunk;
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
      const rows = await queryRows<{ part: Uint8Array; size: number }>(Prisma.sql`
        SELECT substring(data FROM s FOR ${readSliceBytes}::int) AS part, octet_length(data) AS size
        FROM file_chunks, generate_series(1, greatest(octet_length(data), 1), ${readSliceBytes}::int) AS s
        WHERE file_id = ${fileId}::uuid AND chunk_index = ${index}::int ORDER BY s`);
      if (rows.length === 0) throw new Error(`Chunk ${index} of file ${fileId} is missing from the store.`);
      yield joined(
        rows.map((row) => row.part),
        rows[0]?.size ?? 0,
      );
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
