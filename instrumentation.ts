// Runs once when a server process starts, before it answers: opens the database and applies any
// pending migrations, so `npm start` on a fresh clone (or a new Postgres) just works; and says which
// store keeps the rate limits (memory means a single instance).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDatabase } = await import("./lib/db");
  await getDatabase();
  const { rateLimitStore } = await import("./lib/rate-limit/store");
  rateLimitStore();
}
