import type pg from "pg";
import type { Prisma } from "../generated/prisma/client";
import { markStatement } from "./database-unavailable";

// The public API's own statements (lib/notes/note-sql.ts, note-read-sql.ts) run straight on pg's
// pool, as named prepared statements: Postgres parses and plans each one once per connection and
// afterwards only binds and runs it, which measured about 40% less Postgres CPU per meta request. A
// name stands for one statement text; only a bounded number of texts get one, so a caller with
// ever-new texts runs them unnamed instead of growing the caches here and in Postgres without
// limit.

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

/** What a statement is run as: its text and values (a `Prisma.Sql`, or one of ofShape's). */
export type Statement = Pick<Prisma.Sql, "text" | "values">;

/** Each shape's text, with the number and total length of the pieces it was built from. */
const shapeTexts = new Map<string, { text: string; pieces: number; length: number }>();

/**
 * `statement` with its text built once per `shape`, a name for every choice its builder makes that
 * changes the text (the values never do). Building a long statement's text anew on every call, then
 * hashing it to find its prepared name, cost more CPU than the rest of the driver's work for it
 * (docs/benchmarks.md). A statement whose pieces differ from the shape's in number or total length
 * (a choice the shape does not name) gets its own text, built as before.
 */
export function ofShape(shape: string, statement: Prisma.Sql): Statement {
  const { strings } = statement;
  let length = 0;
  for (const piece of strings) length += piece.length;
  let known = shapeTexts.get(shape);
  if (known === undefined && shapeTexts.size < maxNamedStatements) {
    known = { text: statement.text, pieces: strings.length, length };
    shapeTexts.set(shape, known);
  }
  if (known?.pieces !== strings.length || known.length !== length) return statement;
  return { text: known.text, values: statement.values };
}

/**
 * Runs `run` on a connection of `pool` and gives the connection back. An error tells a statement
 * never sent (no connection) from one whose connection failed after it was sent, which may have
 * committed (503 outcome_unknown); a connection that failed leaves the pool, as pool.query does.
 */
export async function onPoolClient<T>(pool: pg.Pool, run: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw markStatement(error, "not_sent");
  }
  return new Promise<T>((resolve, reject) => {
    let released = false;
    const fail = (error: Error) => {
      if (released) return;
      released = true;
      client.removeListener("error", fail);
      client.release(error);
      reject(markStatement(error, "sent"));
    };
    client.once("error", fail);
    run(client).then((result) => {
      if (released) return;
      released = true;
      client.removeListener("error", fail);
      client.release();
      resolve(result);
    }, fail);
  });
}

/**
 * Runs `statement` on `pool` and returns its rows. `prepared: false` (a pooler in transaction mode
 * that cannot keep prepared statements, see DATABASE_PREPARED_STATEMENTS) sends it unnamed.
 */
export async function queryPool<T>(
  pool: pg.Pool,
  statement: Statement,
  options: { prepared: boolean },
): Promise<T[]> {
  const { text, values } = statement;
  const name = options.prepared ? statementName(text) : undefined;
  return onPoolClient(pool, (client) =>
    // With a callback rather than pg's own promise: on Node 24 the promise form had the scavenger
    // promote every statement's rows and caller (docs/benchmarks.md). The stack is replaced as pg
    // replaces it, so that an error leads back to the caller rather than to the socket's read.
    new Promise<T[]>((resolve, reject) =>
      client.query<pg.QueryResultRow>({ name, text, values }, (error, result) =>
        error ? reject(error) : resolve(result.rows as T[]),
      ),
    ).catch((error: unknown) => {
      if (error instanceof Error) Error.captureStackTrace(error);
      throw error;
    }),
  );
}
