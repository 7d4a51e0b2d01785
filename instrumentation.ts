// Runs once when a server process starts, before it answers: opens the database and applies any
// pending migrations, so `npm start` on a fresh clone (or a new Postgres) just works; says which
// store keeps the rate limits (memory means a single instance); and under `npm start` it starts the
// periodic cleanup.
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
  const { startCleanupSchedule } = await import("./lib/server/cleanup-schedule");
  startCleanupSchedule();
}
