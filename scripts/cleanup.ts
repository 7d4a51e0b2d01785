// `npm run cleanup`: purges expired and burned notes once and reports how many went. Schedule it
// with cron, or let `npm start` run it (CLEANUP_INTERVAL_SECONDS), or a platform cron call
// GET /api/v1/cron/cleanup. With the embedded database, only while no server holds it.
import { closeDatabase } from "../lib/db";
import { purgeExpiredNotes } from "../lib/notes/purge-expired-notes";

try {
  const { expired, burned, abandoned, files } = await purgeExpiredNotes();
  console.log(
    `Purged ${expired} expired, ${burned} burned and ${abandoned} abandoned note(s), and ${files} file(s).`,
  );
  await closeDatabase();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await closeDatabase().catch(() => {});
  process.exit(1);
}
