import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { sha256 } from "../crypto/digest";
import { env } from "../env";
import { writeLogLine } from "../process/log-line";
import { analyzeMigratedTables } from "./analyze-migrated-tables";
import { describeDatabaseSetupError } from "./database-setup-error";
import { fromPgClient, type SqlExecutor } from "./sql-executor";
import { statementTimeouts } from "./statement-timeouts";

// Applies prisma/migrations the way `prisma migrate deploy` does, without Prisma's native schema
// engine (which cannot be downloaded everywhere this runs, see scripts/prisma-generate.mjs). It keeps
// Prisma's bookkeeping exactly: the same `_prisma_migrations` table, sha256 checksums and advisory
// lock, so Prisma's own `migrate status` / `migrate deploy` accept a database migrated here.

export { fromPgClient, fromPglite, type SqlExecutor } from "./sql-executor";

type ApplyMigrationsOptions = {
  /** Default: prisma/migrations under process.cwd(). */
  migrationsDir?: string;
  /** Progress, for a person running `npm run db:migrate`; the server passes none. */
  log?: (message: string) => void;
  /** A failure that ends nothing (an ANALYZE after them); default: a warning in the server's log. */
  warn?: (message: string) => void;
};

type LocalMigration = { name: string; script: string; checksum: string };

type MigrationRow = {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
};

// The key Prisma's schema engine locks, so this runner and Prisma's never migrate at the same time.
const ADVISORY_LOCK_KEY = 72707369;

// Prisma's DDL for its history table (schema engine, Postgres flavour), made idempotent.
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
)`;

export function migrationChecksum(script: string): string {
  return sha256(script).toString("hex");
}

// Prisma accepts a checksum taken before git converted the file's line endings, and so do we.
function checksumMatches(script: string, checksum: string): boolean {
  const variants = [script, script.replace(/\r\n/g, "\n"), script.replace(/\r?\n/g, "\r\n")];
  return variants.some((variant) => migrationChecksum(variant) === checksum);
}

export function defaultMigrationsDir(): string {
  return path.join(process.cwd(), "prisma", "migrations");
}

async function readLocalMigrations(migrationsDir: string): Promise<LocalMigration[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch((error: unknown) => {
    throw new Error(`Cannot read the migrations folder ${migrationsDir}`, { cause: error });
  });
  const lockfile = path.join(migrationsDir, "migration_lock.toml");
  if (existsSync(lockfile) && !/provider\s*=\s*"postgresql"/.test(await readFile(lockfile, "utf8"))) {
    throw new Error(`${lockfile} names another provider than postgresql.`);
  }
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const script = await readFile(path.join(migrationsDir, name, "migration.sql"), "utf8");
      return { name, script, checksum: migrationChecksum(script) };
    }),
  );
}

// Refuses to go on from a history Prisma would also refuse, before anything is applied.
function checkHistory(local: LocalMigration[], rows: MigrationRow[], log: (message: string) => void): void {
  const failed = rows.filter((row) => row.finished_at === null && row.rolled_back_at === null);
  if (failed.length > 0) {
    const names = failed.map((row) => row.migration_name).join(", ");
    throw new Error(
      `Migration ${names} failed earlier and may be partly applied, so no migration will run. ` +
        "Check the database by hand, then mark it rolled back: UPDATE _prisma_migrations SET " +
        `rolled_back_at = now() WHERE migration_name = '<name>' AND finished_at IS NULL.`,
    );
  }
  const byName = new Map(local.map((migration) => [migration.name, migration]));
  for (const row of rows) {
    if (row.rolled_back_at !== null) continue;
    const migration = byName.get(row.migration_name);
    if (!migration) {
      log(`Migration ${row.migration_name} is applied but missing from the migrations folder.`);
    } else if (!checksumMatches(migration.script, row.checksum)) {
      throw new Error(
        `Migration ${row.migration_name} was changed after it was applied (checksum ${row.checksum} in ` +
          `the database, ${migration.checksum} on disk). Restore the file and put the change in a new migration.`,
      );
    }
  }
}

// Waits for the lock as long as the session's lock_timeout allows (forever on PGlite, where no other
// session exists). When that runs out, says which database session holds it: another instance
// migrating, or one that hung while holding it. The error keeps SQLSTATE 55P03 as its cause, which
// counts as "unavailable right now" (lib/db/database-unavailable.ts): the server answers 503 and
// the next request tries again.
async function takeMigrationLock(db: SqlExecutor): Promise<void> {
  try {
    await db.query(`SELECT pg_advisory_lock(${ADVISORY_LOCK_KEY})`);
  } catch (error) {
    if ((error as { code?: unknown }).code !== "55P03") throw error;
    const { rows } = await db.query<{ pid: number }>(
      "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND granted",
      [ADVISORY_LOCK_KEY],
    );
    const holder = rows[0] ? `database session ${rows[0].pid}` : "another database session";
    throw new Error(
      `The migration lock is held by ${holder} (another instance migrating, or one that hung ` +
        "while holding it), and the wait for it ran out",
      { cause: error },
    );
  }
}

// One transaction per migration: its history row only commits together with its changes. If it
// fails, nothing of it stays, and a row with the error is kept as a rolled-back record.
async function applyOne(db: SqlExecutor, migration: LocalMigration): Promise<void> {
  const id = randomUUID();
  await db.exec("BEGIN");
  try {
    await db.query(
      "INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, clock_timestamp())",
      [id, migration.checksum, migration.name],
    );
    await db.exec(migration.script);
    await db.query(
      "UPDATE _prisma_migrations SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1",
      [id],
    );
    await db.exec("COMMIT");
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    try {
      await db.exec("ROLLBACK");
      await db.query(
        "INSERT INTO _prisma_migrations (id, checksum, migration_name, logs, rolled_back_at) VALUES ($1, $2, $3, $4, now())",
        [id, migration.checksum, migration.name, message],
      );
    } catch {
      // Best effort: the error worth reporting is the migration's, not a broken connection's.
    }
    throw new Error(`Migration ${migration.name} failed and was rolled back: ${message}`, { cause: error });
  }
}

/** Applies the migrations the database has not seen yet, in name order; returns their names. */
export async function applyMigrations(db: SqlExecutor, opts: ApplyMigrationsOptions = {}): Promise<string[]> {
  const log = opts.log ?? (() => {});
  const local = await readLocalMigrations(opts.migrationsDir ?? defaultMigrationsDir());

  // Other processes starting at the same time wait here, then find the work done.
  await takeMigrationLock(db);
  try {
    await db.exec(CREATE_MIGRATIONS_TABLE);
    const { rows } = await db.query<MigrationRow>(
      "SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY started_at",
    );
    checkHistory(local, rows, log);

    const applied = new Set(
      rows
        .filter((row) => row.finished_at !== null && row.rolled_back_at === null)
        .map((row) => row.migration_name),
    );
    const pending = local.filter((migration) => !applied.has(migration.name));
    for (const migration of pending) {
      await applyOne(db, migration);
      log(`Applied migration ${migration.name}`);
    }
    const scripts = pending.map((migration) => migration.script);
    const warn = opts.warn ?? ((message: string) => writeLogLine({ level: "warn", msg: message }));
    for (const table of await analyzeMigratedTables(db, scripts, warn)) log(`Analyzed ${table}`);
    return pending.map((migration) => migration.name);
  } finally {
    // If the session is gone the lock went with it, so a failed unlock needs no handling.
    await db.query(`SELECT pg_advisory_unlock(${ADVISORY_LOCK_KEY})`).catch(() => {});
  }
}

/**
 * Migrates the Postgres database at `databaseUrl` over one short-lived connection, with the same
 * bounds as the server's pool: a database that does not answer, a network gone silent or another
 * session holding the lock fails the attempt (which counts as unavailable) instead of stalling it.
 */
export async function migrateDatabase(
  databaseUrl: string,
  opts: ApplyMigrationsOptions = {},
): Promise<string[]> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: env.DATABASE_CONNECT_TIMEOUT_MS,
    ...statementTimeouts(env.DATABASE_QUERY_TIMEOUT_MS),
    // Shorter than the statement timeout, so the lock's own error (55P03) ends the wait.
    lock_timeout: Math.floor(env.DATABASE_QUERY_TIMEOUT_MS * 0.8),
    keepAlive: true,
  });
  try {
    await client.connect();
    return await applyMigrations(fromPgClient(client), opts);
  } catch (error) {
    const setupError = describeDatabaseSetupError(error, databaseUrl);
    throw setupError ? new Error(setupError, { cause: error }) : error;
  } finally {
    await client.end().catch(() => {});
  }
}
