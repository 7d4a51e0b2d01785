import pg from "pg";
import type { Prisma } from "../generated/prisma/client";
import { processSingleton } from "../process/process-singleton";
import { markStatement } from "./database-unavailable";

// The public API's own statements (lib/notes/note-sql.ts, note-read-sql.ts) run straight on pg's
// pool, as named prepared statements: Postgres parses and plans each one once per connection and
// afterwards only binds and runs it. A name stands for one statement text; only a bounded number
// of texts get one, so a caller with ever-new texts runs them unnamed instead of growing the caches
// here and in Postgres without limit.

const maxNamedStatements = 32;
// Names are bound to the pool's connections, which every copy of this module shares (db.ts): one
// numbering per process, or two copies would give one name to two texts.
const statementNames = processSingleton("statement-names", () => new Map<string, string>());

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
 * changes the text (the values never do), since building a long statement's text anew on every call
 * costs more CPU than the rest of the driver's work for it. A statement whose pieces differ from the
 * shape's in number or total length (a choice the shape does not name) gets its own text.
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
 * A statement whose one value is an id, its text built once from `statement`, written with any id:
 * a statement run on every request is built once, not remade per request as ofShape takes it.
 */
export function ofId(statement: Prisma.Sql): (id: string) => Statement {
  if (statement.values.length !== 1) throw new Error("ofId takes a statement whose only value is the id.");
  const { text } = statement;
  return (id) => ({ text, values: [id] });
}

/**
 * Runs `run` on a connection of `pool` and gives the connection back. An error tells a statement
 * never sent (no connection) from one whose connection failed after it was sent, which may have
 * committed (503 outcome_unknown); a connection that failed leaves the pool, as pool.query does.
 * The connection is taken with pg-pool's callback, which spares every statement a promise of its own.
 */
export function onPoolClient<T>(pool: pg.Pool, run: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    pool.connect((connectError: Error | undefined, client: pg.PoolClient | undefined) => {
      if (!client) return reject(markStatement(connectError ?? new Error("No connection."), "not_sent"));
      let released = false;
      const fail = (error: unknown) => {
        if (released) return;
        released = true;
        client.removeListener("error", fail);
        client.release(error instanceof Error ? error : true);
        reject(markStatement(error, "sent"));
      };
      client.once("error", fail);
      let running: Promise<T>;
      try {
        running = run(client);
      } catch (error) {
        return fail(error);
      }
      running.then((result) => {
        if (released) return;
        released = true;
        client.removeListener("error", fail);
        client.release();
        resolve(result);
      }, fail);
    });
  });
}

/**
 * `statement` as pg's own Query, made from its text, which pg takes as it is (a config object it
 * would first copy property by property). The name is then set where pg's constructor would have
 * put a config's.
 */
function pgQuery<T>(
  { text, values }: Statement,
  name: string | undefined,
  callback: (error: Error | undefined, rows: T[]) => void,
): pg.Query {
  const query = new pg.Query(text, values, (error: Error | undefined, result: pg.ResultBuilder) =>
    callback(error, error ? [] : (result.rows as T[])),
  );
  (query as pg.Query & { name?: string }).name = name;
  return query;
}

/**
 * Runs `statement` on `pool` and returns its rows. `prepared: false` (a pooler in transaction mode
 * that cannot keep prepared statements, see DATABASE_PREPARED_STATEMENTS) sends it unnamed.
 */
export function queryPool<T>(
  pool: pg.Pool,
  statement: Statement,
  options: { prepared: boolean },
): Promise<T[]> {
  const name = options.prepared ? statementName(statement.text) : undefined;
  return onPoolClient(pool, (client) =>
    // With a callback rather than pg's own promise, which keeps every statement's rows and caller
    // alive long enough to leave the young generation. The stack is replaced as pg
    // replaces it, so that an error leads back to the caller rather than to the socket's read.
    new Promise<T[]>((resolve, reject) => {
      client.query(pgQuery<T>(statement, name, (error, rows) => (error ? reject(error) : resolve(rows))));
    }).catch((error: unknown) => {
      if (error instanceof Error) Error.captureStackTrace(error);
      throw error;
    }),
  );
}
