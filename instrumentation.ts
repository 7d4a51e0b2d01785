// Runs once when a server process starts, before it answers: opens the database and applies any
// pending migrations, so `npm start` on a fresh clone (or a new Postgres) just works; under
// `npm start` it also starts the periodic cleanup.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDatabase } = await import("./lib/db");
  await getDatabase();
  const { startCleanupSchedule } = await import("./lib/server/cleanup-schedule");
  startCleanupSchedule();
}
