import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { applyMigrations, defaultMigrationsDir, fromPgClient } from "./migrate";

// Upgrading a database that holds notes from before the access log: the migration that adds
// `encrypted` to the created entries gives every live note without one its entry, so its owner
// finds it in the key's list and in its log.

let database: TestDatabase;
let client: pg.Client;
let before: string;

beforeAll(async () => {
  database = await createTestDatabase("events_upgrade");
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  // The migrations up to and including the access log's own.
  before = mkdtempSync(path.join(tmpdir(), "notes-migrations-"));
  for (const name of readdirSync(defaultMigrationsDir())) {
    if (name <= "20261123120000_note_events" || name === "migration_lock.toml") {
      cpSync(path.join(defaultMigrationsDir(), name), path.join(before, name), { recursive: true });
    }
  }
});

afterAll(async () => {
  await client?.end();
  await database?.drop();
  rmSync(before, { recursive: true, force: true });
});

it("gives live notes of before the access log their created entry, oldest first, with encrypted", async () => {
  await applyMigrations(fromPgClient(client), { migrationsDir: before });
  await client.query(`INSERT INTO api_keys (id, label, prefix, key_hash) VALUES
    ('0b5e6a52-3f4c-4a7e-9d55-0e2a7c1f9b10', 'upgrade', 'upgr', 'hash')`);
  await client.query(
    `INSERT INTO shares (id, created_at, content_type, page_count, multi_page, size_bytes, api_key_id,
                         delete_token_hash, encrypted, burned_at, expires_at) VALUES
       ('upgNewer01', now() - interval '1 hour', 'markdown', 1, false, 1, NULL, 'token-hash', false, NULL, NULL),
       ('upgOlder01', now() - interval '2 hours', 'markdown', 1, false, 1,
        '0b5e6a52-3f4c-4a7e-9d55-0e2a7c1f9b10', NULL, true, NULL, now() + interval '1 day'),
       ('upgBurned1', now() - interval '3 hours', 'markdown', 1, false, 1, NULL, 'other', false, now(), NULL),
       ('upgLogged1', now() - interval '4 hours', 'markdown', 1, false, 1, NULL, 'logged', false, NULL, NULL)`,
  );
  await client.query(
    `INSERT INTO note_events (share_id, type, at, delete_token_hash) VALUES ('upgLogged1', 'created', now(), 'logged')`,
  );

  await applyMigrations(fromPgClient(client));

  const { rows } = await client.query(
    `SELECT share_id, api_key_id, delete_token_hash, encrypted FROM note_events WHERE type = 'created' ORDER BY id`,
  );
  expect(rows).toEqual([
    { share_id: "upgLogged1", api_key_id: null, delete_token_hash: "logged", encrypted: false },
    {
      share_id: "upgOlder01",
      api_key_id: "0b5e6a52-3f4c-4a7e-9d55-0e2a7c1f9b10",
      delete_token_hash: null,
      encrypted: true,
    },
    { share_id: "upgNewer01", api_key_id: null, delete_token_hash: "token-hash", encrypted: false },
  ]);
});
