import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../test/database";
import { applyMigrations, defaultMigrationsDir, fromPgClient } from "./migrate";

// The upgrade opens the plaintext fallback (lib/notes/plaintext-fallback.ts) only for a database that
// holds pages stored before sealing; any other database never serves a page without a seal.

let before: string;

beforeAll(() => {
  before = mkdtempSync(path.join(tmpdir(), "notes-migrations-"));
  for (const name of readdirSync(defaultMigrationsDir())) {
    if (name < "20261125150000_plaintext_fallback" || name === "migration_lock.toml") {
      cpSync(path.join(defaultMigrationsDir(), name), path.join(before, name), { recursive: true });
    }
  }
});

afterAll(() => rmSync(before, { recursive: true, force: true }));

/** The fallback's rows after upgrading a database whose one page was sealed by `sealedBy`. */
async function upgradeWithPage(sealedBy: string | null): Promise<unknown[]> {
  const database = await createTestDatabase("fallback_upgrade");
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await applyMigrations(fromPgClient(client), { migrationsDir: before });
    await client.query(
      `INSERT INTO shares (id, content_type, page_count, multi_page, size_bytes)
       VALUES ('upgFallbk1', 'markdown', 1, false, 1)`,
    );
    await client.query(
      `INSERT INTO share_pages (share_id, page_index, content, content_type, html, sealed_by)
       VALUES ('upgFallbk1', 0, 'x', 'markdown', '<p>x</p>', $1)`,
      [sealedBy],
    );
    await applyMigrations(fromPgClient(client));
    return (await client.query("SELECT id FROM plaintext_fallback")).rows;
  } finally {
    await client.end();
    await database.drop();
  }
}

it("opens the fallback for a database holding a page stored before sealing", async () => {
  expect(await upgradeWithPage(null)).toEqual([{ id: true }]);
});

it("leaves it closed for a database whose pages are all sealed", async () => {
  expect(await upgradeWithPage("AbCdEfGh")).toEqual([]);
});
