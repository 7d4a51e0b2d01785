import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { applyMigrations, fromPglite, migrateDatabase } from "./db/migrate";
import { openEmbeddedDatabase } from "./db/embedded";
import { queryPool } from "./db/pg-statements";
import { embeddedDataDir, env } from "./env";
import { metrics } from "./metrics/metrics";
import { Prisma, PrismaClient } from "./generated/prisma/client";
import { processSingleton } from "./process/process-singleton";
import { onShutdown } from "./process/shutdown-hooks";

type QueryRows = <T>(statement: Prisma.Sql) => Promise<T[]>;

type Database = { prisma: PrismaClient; queryRows: QueryRows; close: () => Promise<void> };

// One database per process, never a second pool or a second PGlite on the same folder. The slot is
// emptied when opening fails (the next request tries again) and when the database closes.
const slot = processSingleton("database", (): { current?: Promise<Database> } => ({}));

async function openPostgres(url: string): Promise<Database> {
  await migrateDatabase(url);
  // Every wait on the database is bounded, so an outage is a quick 503 rather than a hang: getting
  // a connection, the server running a statement (statement_timeout), and the answer arriving at
  // all (query_timeout, for a network gone silent; a second later, so the server's own cancel, which
  // keeps the connection usable, normally comes first). Broken connections leave the pool, and new
  // ones are opened as needed, so service resumes by itself when the database is back.
  const pool = new pg.Pool({
    connectionString: url,
    max: env.DATABASE_POOL_SIZE,
    connectionTimeoutMillis: env.DATABASE_CONNECT_TIMEOUT_MS,
    statement_timeout: env.DATABASE_QUERY_TIMEOUT_MS,
    query_timeout: env.DATABASE_QUERY_TIMEOUT_MS + 1_000,
    keepAlive: true,
  });
  // A connection that breaks while idle leaves the pool, which opens a new one when needed; without a
  // listener the pool's "error" event would end the process.
  pool.on("error", (error) => console.error(`An idle database connection failed: ${error.message}`));
  metrics.sources.databasePool = pool;
  // Prisma's adapter and queryRows share the one pool.
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    prisma,
    queryRows: <T>(statement: Prisma.Sql) =>
      queryPool<T>(pool, statement, { prepared: env.DATABASE_PREPARED_STATEMENTS }),
    close: async () => {
      if (metrics.sources.databasePool === pool) metrics.sources.databasePool = null;
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

async function openEmbedded(): Promise<Database> {
  const { pglite, close } = await openEmbeddedDatabase(embeddedDataDir);
  const executor = fromPglite(pglite);
  await applyMigrations(executor);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  return {
    prisma,
    queryRows: async <T>(statement: Prisma.Sql) =>
      (await executor.query<T>(statement.text, statement.values)).rows,
    close: async () => {
      await prisma.$disconnect();
      await close();
    },
  };
}

/** The migrated database: Postgres when DATABASE_URL is set, else embedded PGlite under DATA_DIR. */
export function getDatabase(): Promise<Database> {
  if (!slot.current) onShutdown(closeDatabase);
  slot.current ??= (env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openEmbedded()).catch(
    (error: unknown) => {
      // Not cached: the next request tries again (say, once the database is reachable).
      slot.current = undefined;
      throw error;
    },
  );
  return slot.current;
}

export async function getPrisma(): Promise<PrismaClient> {
  return (await getDatabase()).prisma;
}

/**
 * Runs one of the statements on the notes tables (lib/notes/note-sql.ts) on the driver itself:
 * pg's pool, the one Prisma's adapter uses (as a prepared statement: lib/db/pg-statements.ts), or
 * the embedded database. Prisma's raw-query layer would add a large per-statement cost on the hot
 * paths (docs/benchmarks.md); pg and PGlite parse the same column types into the same values
 * (Date, number, string, boolean).
 */
export async function queryRows<T>(statement: Prisma.Sql): Promise<T[]> {
  return (await getDatabase()).queryRows<T>(statement);
}

/** Throws unless the database answers a statement through the driver the API's statements use. */
export async function pingDatabase(): Promise<void> {
  await queryRows(Prisma.sql`SELECT 1`);
}

export async function closeDatabase(): Promise<void> {
  const database = slot.current;
  slot.current = undefined;
  if (database) await (await database).close();
}
