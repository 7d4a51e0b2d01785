import type pg from "pg";

/**
 * What reads of note `id` have spent, as its row and its access log count them: views, wrong
 * passwords, and log entries other than its creation.
 */
export async function noteCounters(db: pg.ClientBase | pg.Pool, id: string) {
  const { rows } = await db.query<{ read_count: number; failed_attempts: number; events: number }>(
    `SELECT read_count, failed_attempts,
            (SELECT count(*)::int FROM note_events WHERE share_id = $1 AND type <> 'created') AS events
     FROM shares WHERE id = $1`,
    [id],
  );
  return rows[0];
}
