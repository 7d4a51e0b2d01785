import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/database";
import { touchedTables } from "./analyze-migrated-tables";
import { applyMigrations, defaultMigrationsDir, fromPgClient } from "./migrate";

// Migrations leave fresh planner statistics on the tables they touched that hold rows, so that
// plans do not rest on estimates from before (with autovacuum off, nothing else would renew them).

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function freshClient(): Promise<pg.Client> {
  const database = await createTestDatabase("analyze");
  cleanups.push(database.drop);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  cleanups.push(() => client.end());
  return client;
}

/** The real migrations whose names sort at or before `last`. */
function migrationsUpTo(last: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "notes-migrations-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  for (const name of readdirSync(defaultMigrationsDir())) {
    if (name <= last || name === "migration_lock.toml") {
      cpSync(path.join(defaultMigrationsDir(), name), path.join(dir, name), { recursive: true });
    }
  }
  return dir;
}

async function analyzedTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ relname: string }>(
    "SELECT relname FROM pg_stat_user_tables WHERE last_analyze IS NOT NULL ORDER BY relname",
  );
  return rows.map((row) => row.relname);
}

describe("ANALYZE after migrations", () => {
  it("analyzes the tables an upgrade touched that hold rows, and no other", async () => {
    const client = await freshClient();
    await applyMigrations(fromPgClient(client), {
      migrationsDir: migrationsUpTo("20261123110000_encrypted_notes"),
    });
    await client.query(
      `INSERT INTO shares (id, content_type, page_count, multi_page, size_bytes)
       VALUES ('analyze001', 'markdown', 1, false, 1)`,
    );
    await client.query(`INSERT INTO api_keys (label, prefix, key_hash) VALUES ('altered', 'altr', 'hash')`);
    expect(await analyzedTables(client)).toEqual([]);

    await applyMigrations(fromPgClient(client));

    // shares and api_keys: altered by the later migrations. note_events: created by them and filled
    // from shares, webhook_outbox_cursor: created with its one row. webhooks and the rest they
    // created are empty.
    expect(await analyzedTables(client)).toEqual([
      "api_keys",
      "note_events",
      "shares",
      "webhook_outbox_cursor",
    ]);
  });

  it("leaves a new database's empty tables unanalyzed, so plans do not assume them empty for good", async () => {
    const client = await freshClient();
    await applyMigrations(fromPgClient(client));
    // Only the webhook deliverer's cursor, a table of one row from the start.
    expect(await analyzedTables(client)).toEqual(["webhook_outbox_cursor"]);
    const { rows } = await client.query<{ reltuples: number }>(
      "SELECT reltuples FROM pg_class WHERE relname = 'note_events'",
    );
    expect(rows).toEqual([{ reltuples: -1 }]);
  });

  it("finds the tables a script creates, alters, indexes or changes rows of", () => {
    const script = `
      CREATE TABLE "a" (id int);
      CREATE TABLE IF NOT EXISTS b (id int);
      ALTER TABLE ONLY "public"."c" ADD COLUMN x int REFERENCES "a"("id") ON DELETE CASCADE ON UPDATE CASCADE;
      CREATE UNIQUE INDEX "d_idx" ON "d"("id");
      CREATE INDEX CONCURRENTLY IF NOT EXISTS e_idx ON e (id);
      INSERT INTO "f" SELECT * FROM "g";
      UPDATE "h" x SET id = 1;
      DELETE FROM i WHERE true;
      CREATE TYPE "j" AS ENUM ('k');`;
    const touched = touchedTables([script]);
    expect(touched).toEqual(
      expect.arrayContaining(['"a"', "b", '"public"."c"', '"d"', "e", '"f"', '"h"', "i"]),
    );
    // Read from, or not a table: left alone.
    expect(touched).not.toContain('"g"');
    expect(touched).not.toContain('"j"');
  });
});
