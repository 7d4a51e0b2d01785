// Runs once when a server process starts, before it answers, under `npm start`, `next dev` and
// platforms alike: opens the database and applies any pending migrations, so a fresh clone (or a
// new Postgres) just works, and says which store keeps the rate limits (memory means a single
// instance). What only `npm start` runs (the periodic cleanup) scripts/start.ts starts itself.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDatabase } = await import("./lib/db");
  const { isDatabaseUnavailable } = await import("./lib/db/database-unavailable");
  await getDatabase().catch((error: unknown) => {
    // Start anyway: requests answer 503 unavailable, and each one tries again until the database
    // answers (then migrations run). Any other failure, say a broken migration, stops start-up.
    if (!isDatabaseUnavailable(error)) throw error;
    console.error(`The database is not reachable yet: ${(error as Error).message}. Retrying on requests.`);
  });
  const { rateLimitStore } = await import("./lib/rate-limit/store");
  rateLimitStore();
}
