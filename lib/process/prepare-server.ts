import { writeLogLine } from "./log-line";
import { finishStartup } from "./startup";

// What a server process does once before it answers, under `npm start`, `next dev` and platforms
// alike (instrumentation.ts calls it in the Node.js runtime only): opens the database and applies any
// pending migrations, so a fresh clone (or a new Postgres) just works, and says which store keeps the
// rate limits (memory means a single instance). What only `npm start` runs (the periodic cleanup)
// scripts/start.ts starts itself, and it listens only once this is done (./startup.ts).
export async function prepareServer(): Promise<void> {
  try {
    const { openDatabase } = await import("../db");
    const { isDatabaseUnavailable } = await import("../db/database-unavailable");
    await openDatabase().then(
      () => console.log("The database is open and migrated."),
      (error: unknown) => {
        // An outage (Postgres refused or silent, the migration lock held by another process past
        // DATABASE_QUERY_TIMEOUT_MS): start anyway; requests answer 503 unavailable, and each one
        // tries again until the database answers (then migrations run).
        if (!isDatabaseUnavailable(error)) throw error;
        writeLogLine({
          level: "warn",
          msg: "the database is not ready yet: requests answer 503 and retry it",
          reason: (error as Error).message,
        });
      },
    );
    const { rateLimitStore } = await import("../rate-limit/store");
    rateLimitStore();
  } catch (error) {
    // Anything else (a role that may not create tables, a missing database, a broken migration, an
    // embedded database folder that cannot be used) stops the process with one line, rather than
    // leaving a server that answers 500 for good and that no supervisor restarts.
    console.error(`Cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
  finishStartup();
}
