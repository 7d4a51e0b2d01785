import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { isDatabaseUnavailable } from "./database-unavailable";
import {
  applyMigrations,
  defaultMigrationsDir,
  fromPgClient,
  fromPglite,
  migrateDatabase,
  migrationChecksum,
} from "./migrate";

const migrationNames = readdirSync(defaultMigrationsDir(), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function freshDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase("migrate");
  cleanups.push(database.drop);
  return database;
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanups.push(() => client.end());
  return client;
}

/** A copy of the real migrations plus extra ones, for cases the real history does not have. */
function migrationsWith(extra: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "notes-migrations-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(defaultMigrationsDir(), dir, { recursive: true });
  for (const [name, script] of Object.entries(extra)) {
    mkdirSync(path.join(dir, name));
    writeFileSync(path.join(dir, name, "migration.sql"), script);
  }
  return dir;
}

type HistoryRow = {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  logs: string | null;
  applied_steps_count: number;
};

async function history(client: pg.Client): Promise<HistoryRow[]> {
  const { rows } = await client.query<HistoryRow>(
    "SELECT migration_name, checksum, finished_at, rolled_back_at, logs, applied_steps_count " +
      "FROM _prisma_migrations ORDER BY started_at",
  );
  return rows;
}

describe("applyMigrations on Postgres", () => {
  it("applies every migration once and records it the way Prisma does", async () => {
    const database = await freshDatabase();
    expect(await migrateDatabase(database.url)).toEqual(migrationNames);
    expect(await migrateDatabase(database.url)).toEqual([]);

    const rows = await history(await connect(database.url));
    expect(rows.map((row) => row.migration_name)).toEqual(migrationNames);
    for (const row of rows) {
      const file = readFileSync(path.join(defaultMigrationsDir(), row.migration_name, "migration.sql"));
      expect(row.checksum).toBe(migrationChecksum(file.toString("utf8")));
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row).toMatchObject({ rolled_back_at: null, logs: null, applied_steps_count: 1 });
    }
  });

  it("refuses a migration that was edited after it was applied", async () => {
    const database = await freshDatabase();
    await migrateDatabase(database.url);
    const client = await connect(database.url);
    await client.query("UPDATE _prisma_migrations SET checksum = $1", ["0".repeat(64)]);

    await expect(applyMigrations(fromPgClient(client))).rejects.toThrow(/was changed after it was applied/);
  });

  it("refuses to go on after a migration that failed part-way", async () => {
    const database = await freshDatabase();
    await migrateDatabase(database.url);
    const client = await connect(database.url);
    await client.query("UPDATE _prisma_migrations SET finished_at = NULL");

    const next = migrationsWith({ "99990101000000_next": "CREATE TABLE next_table (id INT);" });
    await expect(applyMigrations(fromPgClient(client), { migrationsDir: next })).rejects.toThrow(
      /failed earlier/,
    );
  });

  it("rolls a failing migration back whole and lets a fixed one run later", async () => {
    const database = await freshDatabase();
    const client = await connect(database.url);
    const broken = migrationsWith({
      "99990101000000_broken": "CREATE TABLE half_done (id INT);\nSELECT no_such_function();",
    });

    await expect(applyMigrations(fromPgClient(client), { migrationsDir: broken })).rejects.toThrow(
      /99990101000000_broken failed and was rolled back: .*no_such_function/,
    );
    const { rows } = await client.query("SELECT to_regclass('half_done') AS t");
    expect(rows[0].t).toBeNull();
    const failed = (await history(client)).filter((row) => row.migration_name === "99990101000000_broken");
    expect(failed).toMatchObject([{ finished_at: null, logs: expect.stringContaining("no_such_function") }]);
    expect(failed[0]?.rolled_back_at).toBeInstanceOf(Date);

    writeFileSync(
      path.join(broken, "99990101000000_broken", "migration.sql"),
      "CREATE TABLE half_done (id INT);",
    );
    expect(await applyMigrations(fromPgClient(client), { migrationsDir: broken })).toEqual([
      "99990101000000_broken",
    ]);
  });

  it("lets concurrent runners apply each migration exactly once", async () => {
    const database = await freshDatabase();
    // A slow extra migration keeps the first runner inside the lock while the others arrive.
    const dir = migrationsWith({ "99990101000000_slow": "SELECT pg_sleep(0.3);" });
    const clients = await Promise.all([1, 2, 3, 4].map(() => connect(database.url)));

    const results = await Promise.all(
      clients.map((client) => applyMigrations(fromPgClient(client), { migrationsDir: dir })),
    );

    expect(results.flat().sort()).toEqual([...migrationNames, "99990101000000_slow"].sort());
    expect(results.filter((names) => names.length > 0)).toHaveLength(1);
    const rows = await history(clients[0]!);
    expect(rows).toHaveLength(migrationNames.length + 1);
  });

  it("gives up waiting for the lock another session holds, names that session, and counts as an outage", async () => {
    const database = await freshDatabase();
    const holder = await connect(database.url);
    await holder.query("SELECT pg_advisory_lock(72707369)");
    const { rows } = await holder.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    const waiter = await connect(database.url);
    // The server sets DATABASE_QUERY_TIMEOUT_MS; a short wait keeps the test quick.
    await waiter.query("SET lock_timeout = 200");

    const error = await applyMigrations(fromPgClient(waiter)).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe(
      `The migration lock is held by database session ${rows[0]?.pid} (another instance migrating, ` +
        "or one that hung while holding it), and the wait for it ran out",
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(await history(waiter).catch(() => "no history table")).toBe("no history table");

    await holder.query("SELECT pg_advisory_unlock(72707369)");
    expect(await applyMigrations(fromPgClient(waiter))).toEqual(migrationNames);
  });
});

describe("applyMigrations on PGlite", () => {
  it("applies every migration to an in-memory database", async () => {
    const db = new PGlite();
    cleanups.push(() => db.close());

    expect(await applyMigrations(fromPglite(db))).toEqual(migrationNames);
    expect(await applyMigrations(fromPglite(db))).toEqual([]);
    const { rows } = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    expect(rows.map((row) => row.table_name)).toEqual([
      "_prisma_migrations",
      "admin_audit_log",
      "admin_sessions",
      "api_keys",
      "file_chunks",
      "file_grants",
      "kept_answers",
      "note_events",
      "note_files",
      "notify_opt_outs",
      "notify_sends",
      "notify_targets",
      "pending_sign_ins",
      "people",
      "person_sessions",
      "plaintext_fallback",
      "request_answers",
      "requests",
      "sealing_keys",
      "share_pages",
      "shares",
      "webhook_deliveries",
      "webhook_outbox_cursor",
      "webhooks",
    ]);
  });
});
