import { randomBytes } from "node:crypto";
import pg from "pg";
import { createDatabase, dropDatabase } from "../../lib/test/database";
import { expect, test } from "./fixtures";
import { startServer, type ServerProcess } from "./server-process";
import { timeouts } from "./timeouts";

// Servers of a spec's own whose housekeeping the spec drives, so that what their store keeps can be
// counted after each way a note or an answer goes: cleanup runs only when the spec asks for it, and
// an administrator signs in with a secret of the run's.

const cronSecret = randomBytes(24).toString("hex");
const adminSecret = randomBytes(24).toString("hex");

/** The settings such a server starts with. */
export const housekeepingEnv = {
  CRON_SECRET: cronSecret,
  ADMIN_SECRET: adminSecret,
  CLEANUP_INTERVAL_SECONDS: "0",
};

/** Runs cleanup on the server at `base`: what it purged. */
export async function cleanup(base: string): Promise<Record<string, number>> {
  const answer = await fetch(`${base}/api/v1/cron/cleanup`, {
    headers: { authorization: `Bearer ${cronSecret}` },
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { purged: Record<string, number> }).purged;
}

/** A moderator's take-down of `path` (`notes/ID` or `requests/ID`), as the admin page asks for it: its status. */
export async function takeDown(base: string, path: string): Promise<number> {
  const signIn = await fetch(`${base}/admin/api/session`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/json" },
    body: JSON.stringify({ secret: adminSecret }),
  });
  expect(signIn.status).toBe(204);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const answer = await fetch(`${base}/admin/api/${path}`, {
    method: "DELETE",
    headers: { origin: base, cookie },
  });
  return answer.status;
}

/**
 * A server with a Postgres database of its own (named `name` and a random suffix), started
 * before the spec's tests and stopped, its database dropped, after them. `sql` is connected to that
 * database; `chunksLeft` counts the chunks its Postgres store holds.
 */
export function serverOfItsOwn(options: { name: string; env: Record<string, string | undefined> }) {
  const name = `${options.name}_${randomBytes(5).toString("hex")}`;
  const own = { server: undefined as ServerProcess | undefined, sql: undefined as pg.Client | undefined };

  test.beforeAll(async () => {
    test.setTimeout(timeouts.serverTest);
    const databaseUrl = await createDatabase(name);
    own.server = await startServer({
      env: { DATABASE_URL: databaseUrl, ...housekeepingEnv, ...options.env },
    });
    own.sql = new pg.Client({ connectionString: databaseUrl });
    await own.sql.connect();
  });

  test.afterAll(async () => {
    await own.sql?.end();
    expect(await own.server?.stop()).toBe(0);
    await dropDatabase(name);
  });

  const server = {
    get process() {
      if (!own.server) throw new Error("The spec's server has not started.");
      return own.server;
    },
    get url() {
      return server.process.url;
    },
    get sql() {
      if (!own.sql) throw new Error("The spec's server has not started.");
      return own.sql;
    },
    /** The number a query answers as `n`. */
    count: async (query: string, values: unknown[] = []) =>
      (await server.sql.query(query, values)).rows[0].n as number,
    chunksLeft: () => server.count("SELECT count(*)::int AS n FROM file_chunks"),
  };
  return server;
}
