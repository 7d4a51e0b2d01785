import type pg from "pg";
import type { Prisma } from "../generated/prisma/client";

// The public API's own statements (lib/notes/note-sql.ts) run straight on pg's pool, as named
// prepared statements: Postgres parses and plans each one once per connection and afterwards only
// binds and runs it, which measured about 40% less Postgres CPU per meta request. A name stands for
// one statement text; only a bounded number of texts get one, so a caller with ever-new texts runs
// them unnamed instead of growing the caches here and in Postgres without limit.

const maxNamedStatements = 32;
const statementNames = new Map<string, string>();

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < maxNamedStatements) {
    name = `notes_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Runs `statement` on `pool` and returns its rows. `prepared: false` (a pooler in transaction mode
 * that cannot keep prepared statements, see DATABASE_PREPARED_STATEMENTS) sends it unnamed.
 */
export async function queryPool<T>(
  pool: pg.Pool,
  statement: Prisma.Sql,
  options: { prepared: boolean },
): Promise<T[]> {
  const { text, values } = statement;
  const name = options.prepared ? statementName(text) : undefined;
  const result = await pool.query({ name, text, values });
  return result.rows as T[];
}
