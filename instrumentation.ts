// Runs once when a server process starts, before it answers, under `npm start`, `next dev` and
// platforms alike: opens the database and applies any pending migrations, so a fresh clone (or a
// new Postgres) just works, and says which store keeps the rate limits (memory means a single
// instance). What only `npm start` runs (the periodic cleanup) scripts/start.ts starts itself.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDatabase } = await import("./lib/db");
  const { isDatabaseUnavailable } = await import("./lib/db/database-unavailable");
  await getDatabase().catch((error: unknown) => {
    // An outage: start anyway; requests answer 503 unavailable, and each one tries again until the
    // database answers (then migrations run). Anything else (a role that may not create tables, a
    // missing database, a broken migration) stops the process with one line, rather than leaving a
    // server that answers 500 for good and that no supervisor restarts.
    if (!isDatabaseUnavailable(error)) {
      console.error(`Cannot start: ${(error as Error).message}`);
      process.exit(1);
    }
    console.error(`The database is not reachable yet: ${(error as Error).message}. Retrying on requests.`);
  });
  const { rateLimitStore } = await import("./lib/rate-limit/store");
  rateLimitStore();
}
