import { randomBytes } from "node:crypto";
import pg from "pg";

// Tests create and drop whole databases, so they only ever talk to a server on this machine.
// TEST_PG_ADMIN_URL (a role allowed to CREATE DATABASE) overrides the default below.
const DEFAULT_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres";
const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

export type TestDatabase = {
  name: string;
  url: string;
  drop: () => Promise<void>;
};

/**
 * The run's shared, migrated database, made by lib/test/global-setup.ts. (The same URL is provided
 * as inject("databaseUrl"); this reads the environment instead because this file also runs inside
 * globalSetup, where importing "vitest" is not allowed.)
 */
export function testDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url || !new URL(url).pathname.startsWith("/notes_test_")) {
    throw new Error("No test database: run tests through Vitest, whose globalSetup creates one.");
  }
  return url;
}

export function adminUrl(): string {
  return process.env.TEST_PG_ADMIN_URL || DEFAULT_ADMIN_URL;
}

/** Throws unless `url` points at a Postgres server on this machine. */
function assertLocalDatabase(url: string): void {
  const { hostname } = new URL(url);
  if (!LOCAL_HOSTS.has(hostname)) {
    throw new Error(
      `Refusing to create or drop test databases on ${hostname}: only a local server is allowed.`,
    );
  }
}

export function withDatabase(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

/**
 * Ends `pool` and waits until each of its connections has closed. pg-pool's end() resolves once it
 * has asked them to close, not once they have: a database dropped WITH (FORCE) in between
 * terminates the ones still open (57P01), and the pool throws that error with no one to catch it.
 */
export async function closePool(pool: pg.Pool | undefined): Promise<void> {
  if (!pool) return;
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on("remove", () => {
      open -= 1;
      if (open === 0) resolve();
    });
  });
  await pool.end();
  await closed;
}

/** Runs `run` on a connection as the role that may create and drop databases (and roles). */
export async function asAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = adminUrl();
  assertLocalDatabase(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const quoted = (name: string) => {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unexpected test database name ${name}`);
  return `"${name}"`;
};

/** Creates the database `name` on the local server and returns its URL. */
export async function createDatabase(name: string): Promise<string> {
  await asAdmin((client) => client.query(`CREATE DATABASE ${quoted(name)}`));
  return withDatabase(adminUrl(), name);
}

export async function dropDatabase(name: string): Promise<void> {
  await asAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`));
}

/** A new empty database `notes_test_<prefix>_<random>`, and the way to drop it. */
export async function createTestDatabase(prefix: string): Promise<TestDatabase> {
  const safePrefix = prefix
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .slice(0, 40);
  const name = `notes_test_${safePrefix}_${randomBytes(5).toString("hex")}`;
  const url = await createDatabase(name);
  return { name, url, drop: () => dropDatabase(name) };
}
