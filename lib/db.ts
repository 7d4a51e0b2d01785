import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { applyMigrations, fromPglite, migrateDatabase } from "./db/migrate";
import { openEmbeddedDatabase } from "./db/embedded";
import { databaseStillOpening, markStatement } from "./db/database-unavailable";
import { queryPool, type Statement } from "./db/pg-statements";
import { copyBytes, joinedParts, type BytesRow } from "./db/query-bytes";
import { limitSilentReads } from "./db/silent-reads";
import { statementTimeouts } from "./db/statement-timeouts";
import { embeddedDataDir, env, sealingKeys } from "./env";
import { metrics } from "./metrics/metrics";
import { Prisma, PrismaClient } from "./generated/prisma/client";
import { checkSealingKeys } from "./notes/sealing-key-registry";
import { processSingleton } from "./process/process-singleton";
import { onShutdown } from "./process/shutdown-hooks";
import { errorSummary } from "./process/describe-error";
import { writeLogLine } from "./process/log-line";

type QueryRows = <T>(statement: Statement) => Promise<T[]>;
type QueryBytes = (statement: Prisma.Sql) => Promise<Uint8Array | null>;

type Database = {
  prisma: PrismaClient;
  queryRows: QueryRows;
  queryBytes: QueryBytes;
  close: () => Promise<void>;
};

// One database per process, never a second pool or a second PGlite on the same folder. The slot is
// emptied when opening fails (the next request tries again) and when the database closes.
const slot = processSingleton("database", (): { current?: Promise<Database>; open?: Database } => ({}));

async function openPostgres(url: string): Promise<Database> {
  await migrateDatabase(url);
  // Every wait on the database is bounded, so an outage is a quick 503 rather than a hang: getting
  // a connection, and each statement (lib/db/statement-timeouts.ts). Broken connections leave the
  // pool, and new ones are opened as needed, so service resumes by itself when the database is back.
  const { statement_timeout, query_timeout } = statementTimeouts(env.DATABASE_QUERY_TIMEOUT_MS);
  const pool = new pg.Pool({
    connectionString: url,
    max: env.DATABASE_POOL_SIZE,
    connectionTimeoutMillis: env.DATABASE_CONNECT_TIMEOUT_MS,
    statement_timeout,
    keepAlive: true,
  });
  limitSilentReads(pool, query_timeout);
  // A connection that breaks while idle leaves the pool, which opens a new one when needed; without a
  // listener the pool's "error" event would end the process.
  pool.on("error", (error) =>
    writeLogLine({ level: "error", msg: "an idle database connection failed", error: errorSummary(error) }),
  );
  metrics.sources.databasePool = pool;
  // Prisma's adapter and queryRows share the one pool.
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    prisma,
    queryRows: <T>(statement: Statement) =>
      queryPool<T>(pool, statement, { prepared: env.DATABASE_PREPARED_STATEMENTS }),
    queryBytes: (statement) => copyBytes(pool, statement),
    close: async () => {
      if (metrics.sources.databasePool === pool) metrics.sources.databasePool = null;
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

function waitForOpening(opening: Promise<Database>, limitMs: number): Promise<Database> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(databaseStillOpening()), limitMs);
  });
  return Promise.race([opening, deadline]).finally(() => clearTimeout(timer));
}

async function openEmbedded(): Promise<Database> {
  const { pglite, close } = await openEmbeddedDatabase(embeddedDataDir, {
    sharedBuffersMb: env.EMBEDDED_SHARED_BUFFERS_MB,
  });
  const executor = fromPglite(pglite);
  await applyMigrations(executor);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  return {
    prisma,
    queryRows: async <T>(statement: Statement) =>
      (await executor.query<T>(statement.text, statement.values)).rows,
    queryBytes: async (statement) =>
      joinedParts((await executor.query<BytesRow>(statement.text, statement.values)).rows),
    close: async () => {
      await prisma.$disconnect();
      await close();
    },
  };
}

/** Refuses (and closes) a database whose notes the configured keys cannot open, before any use. */
async function withSealingKeysChecked(database: Database): Promise<Database> {
  try {
    await checkSealingKeys(database.prisma, sealingKeys());
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * Opens the database once per process (applying migrations, then checking that the configured keys
 * open its notes) and resolves when it is ready; instrumentation.ts awaits this at start-up.
 * Requests use getDatabase().
 */
export function openDatabase(): Promise<Database> {
  if (!slot.current) onShutdown(closeDatabase);
  slot.current ??= (env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openEmbedded())
    .then(withSealingKeysChecked)
    .then(
      (database) => (slot.open = database),
      (error: unknown) => {
        // Not cached: the next request tries again (say, once the database is reachable).
        slot.current = undefined;
        throw error;
      },
    );
  return slot.current;
}

/**
 * The migrated database: Postgres when DATABASE_URL is set, else embedded PGlite under DATA_DIR.
 * While Postgres is still being opened (its migration waits for a silent network, or for the
 * migration lock another process holds), a caller waits at most DATABASE_CONNECT_TIMEOUT_MS and then
 * fails as unavailable (503); the opening goes on, bounded by its own timeouts, for later callers.
 * The embedded database is local work, not an outage: callers wait for it to open.
 */
export async function getDatabase(): Promise<Database> {
  if (slot.open) return slot.open;
  const opening = openDatabase();
  return env.DATABASE_URL ? waitForOpening(opening, env.DATABASE_CONNECT_TIMEOUT_MS) : opening;
}

export async function getPrisma(): Promise<PrismaClient> {
  return (await getDatabase()).prisma;
}

/**
 * Runs one of the statements on the notes tables (lib/notes/*-sql.ts) on the driver itself:
 * pg's pool, the one Prisma's adapter uses (as a prepared statement: lib/db/pg-statements.ts), or
 * the embedded database. Prisma's raw-query layer would add a large per-statement cost on the hot
 * paths (docs/benchmarks.md); pg and PGlite parse the same column types into the same values
 * (Date, number, string, boolean).
 */
export function queryRows<T>(statement: Statement): Promise<T[]> {
  // Once open, straight to it: the two awaits of the way below cost every statement two turns.
  if (slot.open) return slot.open.queryRows<T>(statement);
  return databaseForStatement().then((database) => database.queryRows<T>(statement));
}

/** The database, or an error that says no statement was sent. */
async function databaseForStatement(): Promise<Database> {
  try {
    return await getDatabase();
  } catch (error) {
    throw markStatement(error, "not_sent");
  }
}

/**
 * The binary value (a file's chunk) that `statement`'s rows `(size int4, part bytea)` make: `size`
 * bytes, the parts in order; null without rows. On Postgres it is read through a binary COPY
 * (lib/db/query-bytes.ts), so the statement's values must each carry a cast.
 */
export async function queryBytes(statement: Prisma.Sql): Promise<Uint8Array | null> {
  return (await databaseForStatement()).queryBytes(statement);
}

/** Throws unless the database answers a statement through the driver the API's statements use. */
export async function pingDatabase(): Promise<void> {
  await queryRows(Prisma.sql`SELECT 1`);
}

export async function closeDatabase(): Promise<void> {
  const database = slot.current;
  slot.current = undefined;
  slot.open = undefined;
  if (database) await (await database).close();
}
