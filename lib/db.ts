import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { applyMigrations, fromPglite, migrateDatabase } from "./db/migrate";
import { openEmbeddedDatabase } from "./db/embedded";
import { embeddedDataDir, env } from "./env";
import { PrismaClient } from "./generated/prisma/client";
import { onShutdown } from "./server/shutdown-hooks";

type Database = { prisma: PrismaClient; close: () => Promise<void> };

// One client per process, kept on globalThis so that Next.js re-evaluating modules (dev reloads,
// separate route bundles) never opens a second pool or a second PGlite on the same folder.
const store = globalThis as unknown as { notesDatabase?: Promise<Database> };

async function openPostgres(url: string): Promise<Database> {
  await migrateDatabase(url);
  // Every wait on the database is bounded, so an outage is a quick 503 rather than a hang: getting
  // a connection, the server running a statement (statement_timeout), and the answer arriving at
  // all (query_timeout, for a network gone silent; a second later, so the server's own cancel, which
  // keeps the connection usable, normally comes first). Broken connections leave the pool, and new
  // ones are opened as needed, so service resumes by itself when the database is back.
  const adapter = new PrismaPg({
    connectionString: url,
    max: env.DATABASE_POOL_SIZE,
    connectionTimeoutMillis: env.DATABASE_CONNECT_TIMEOUT_MS,
    statement_timeout: env.DATABASE_QUERY_TIMEOUT_MS,
    query_timeout: env.DATABASE_QUERY_TIMEOUT_MS + 1_000,
    keepAlive: true,
  });
  const prisma = new PrismaClient({ adapter });
  return { prisma, close: () => prisma.$disconnect() };
}

async function openEmbedded(): Promise<Database> {
  const { pglite, close } = await openEmbeddedDatabase(embeddedDataDir);
  await applyMigrations(fromPglite(pglite));
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  return {
    prisma,
    close: async () => {
      await prisma.$disconnect();
      await close();
    },
  };
}

/** The migrated database: Postgres when DATABASE_URL is set, else embedded PGlite under DATA_DIR. */
export function getDatabase(): Promise<Database> {
  if (!store.notesDatabase) onShutdown(closeDatabase);
  store.notesDatabase ??= (env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openEmbedded()).catch(
    (error: unknown) => {
      // Not cached: the next request tries again (say, once the database is reachable).
      store.notesDatabase = undefined;
      throw error;
    },
  );
  return store.notesDatabase;
}

export async function getPrisma(): Promise<PrismaClient> {
  return (await getDatabase()).prisma;
}

export async function closeDatabase(): Promise<void> {
  const database = store.notesDatabase;
  store.notesDatabase = undefined;
  if (database) await (await database).close();
}
