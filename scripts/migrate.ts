// npm run db:migrate: applies prisma/migrations to DATABASE_URL, or, when it is unset, to the embedded
// PGlite database the app uses (DATA_DIR/pglite; the app also migrates it at start-up).
import { openEmbeddedDatabase } from "../lib/db/embedded";
import { applyMigrations, fromPglite, migrateDatabase } from "../lib/db/migrate";
import { embeddedDataDir, env } from "../lib/env";

// A person reads this command's progress and warnings on a terminal: plain lines, not the server's log.
const terminal = { log: console.log, warn: console.error };

async function migrateEmbedded(): Promise<string[]> {
  // Takes the same lock file as the app, so this refuses to run while a server holds the folder.
  const { pglite, close } = await openEmbeddedDatabase(embeddedDataDir, {
    sharedBuffersMb: env.EMBEDDED_SHARED_BUFFERS_MB,
  });
  try {
    return await applyMigrations(fromPglite(pglite), terminal);
  } finally {
    await close();
  }
}

async function main(): Promise<void> {
  const target = env.DATABASE_URL
    ? "the DATABASE_URL database"
    : `the embedded database in ${embeddedDataDir}`;
  const applied = env.DATABASE_URL
    ? await migrateDatabase(env.DATABASE_URL, terminal)
    : await migrateEmbedded();
  console.log(
    applied.length > 0
      ? `Applied ${applied.length} migration(s) to ${target}.`
      : `Nothing to apply: ${target} is up to date.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
