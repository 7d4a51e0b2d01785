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
  const adapter = new PrismaPg({
    connectionString: url,
    max: env.DATABASE_POOL_SIZE,
    connectionTimeoutMillis: 5_000,
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
  store.notesDatabase ??= env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openEmbedded();
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
