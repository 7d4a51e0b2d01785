import type { SqlExecutor } from "./sql-executor";

// After migrations, the tables they touched get fresh planner statistics. Postgres's autovacuum
// would gather them in time; where it is off (docs/operations.md says it must stay on), a table
// whose rows or columns a migration changed kept the estimates of before, and the plans that the
// pool's prepared statements chose from them (a full scan of note_events per read, measured).
//
// Only tables that hold rows are analyzed. An empty table that was never analyzed is planned as
// if it had at least ten pages, which keeps index scans for the lookups; analyzed empty, it is
// planned as empty, and a prepared statement planned then keeps its full scans as rows arrive
// until the next ANALYZE (with autovacuum off, never). A new database is left to autovacuum.

// The table named after each statement that creates, changes or fills one (quoted or not, with or
// without a schema). Anything else it catches (`ON UPDATE CASCADE`) names no table and is skipped.
const touchingStatement =
  /\b(?:CREATE\s+TABLE(?:\s+IF\s+NOT\s+EXISTS)?|ALTER\s+TABLE(?:\s+IF\s+EXISTS)?(?:\s+ONLY)?|INSERT\s+INTO|UPDATE(?:\s+ONLY)?|DELETE\s+FROM(?:\s+ONLY)?|CREATE\s+(?:UNIQUE\s+)?INDEX(?:\s+CONCURRENTLY)?(?:\s+IF\s+NOT\s+EXISTS)?(?:\s+(?:"[^"]+"|\w+))?\s+ON(?:\s+ONLY)?)\s+((?:"[^"]+"|\w+)(?:\.(?:"[^"]+"|\w+))?)/gi;

/** The table names (as written) that `scripts` create, alter, index or change rows of. */
export function touchedTables(scripts: string[]): string[] {
  const names = new Set<string>();
  for (const script of scripts) {
    for (const match of script.matchAll(touchingStatement)) if (match[1]) names.add(match[1]);
  }
  return [...names];
}

/**
 * Runs ANALYZE on each table that `scripts` touched and that holds rows; returns the tables
 * analyzed, as Postgres names them. A failure is reported through `warn` and ends nothing: the
 * migrations are committed, and statistics only steer plans.
 */
export async function analyzeMigratedTables(
  db: SqlExecutor,
  scripts: string[],
  warn: (message: string) => void,
): Promise<string[]> {
  const analyzed: string[] = [];
  for (const name of touchedTables(scripts)) {
    try {
      // regclass's text is the table's name quoted as SQL needs it, so it is safe to splice.
      const { rows } = await db.query<{ table: string | null }>(
        "SELECT c.oid::regclass::text AS table FROM pg_class c WHERE c.oid = to_regclass($1) AND c.relkind IN ('r', 'p')",
        [name],
      );
      const table = rows[0]?.table;
      if (!table) continue;
      const { rows: filled } = await db.query(`SELECT 1 FROM ${table} LIMIT 1`);
      if (filled.length === 0) continue;
      await db.exec(`ANALYZE ${table}`);
      analyzed.push(table);
    } catch (error) {
      warn(`ANALYZE after migrations failed for ${name} (${(error as Error).message}); run it by hand.`);
    }
  }
  return analyzed;
}
