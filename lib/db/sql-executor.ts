import { types, type PGlite } from "@electric-sql/pglite";
import type pg from "pg";

/**
 * The least the migration runner needs from a connection. One session: the advisory lock and the
 * BEGIN/COMMIT around each migration must all reach the same backend, so pools do not fit here.
 */
export interface SqlExecutor {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs a script that may hold many statements, without parameters. */
  exec(sql: string): Promise<void>;
}

export function fromPgClient(client: pg.Client): SqlExecutor {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      const result = await client.query(sql, params);
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      // Without parameters node-postgres uses the simple protocol, which accepts many statements.
      await client.query(sql);
    },
  };
}

/** bytea's text form (`\x` and hex) as a byte array of its own, not a slice of Buffer's shared pool. */
function fromHex(text: string): Uint8Array {
  const bytes = new Uint8Array((text.length - 2) / 2);
  Buffer.from(bytes.buffer).write(text.slice(2), "hex");
  return bytes;
}

/**
 * bytea both ways without PGlite's own conversions, which build and parse hex a byte at a time on
 * the server's only thread: 240 ms for a 1 MiB chunk (and every request waiting meanwhile), 10 ms
 * as here. A parameter goes as its bytes (PGlite binds a byte array in binary format; its types say
 * a serializer answers a string); a value comes back from its hex text, decoded by Buffer.
 */
const byteaOptions = {
  serializers: { [types.BYTEA]: (bytes: unknown) => bytes as string },
  parsers: { [types.BYTEA]: fromHex },
};

export function fromPglite(db: PGlite): SqlExecutor {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      const result = await db.query<T>(sql, params, byteaOptions);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
  };
}
