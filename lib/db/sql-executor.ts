import type { PGlite } from "@electric-sql/pglite";
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

export function fromPglite(db: PGlite): SqlExecutor {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      const result = await db.query<T>(sql, params);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
  };
}
