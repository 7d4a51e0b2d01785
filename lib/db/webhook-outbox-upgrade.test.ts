import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { fanOutNoteEventsSql, type FanOutRow } from "../webhooks/fan-out-sql";
import { claimDeliveriesSql } from "../webhooks/outbox-sql";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { applyMigrations, defaultMigrationsDir, fromPgClient } from "./migrate";

// Upgrading a database whose reads queued their own deliveries: the deliveries already queued stay
// due, and the entries logged before the upgrade are not fanned out a second time.

let database: TestDatabase;
let client: pg.Client;
let before: string;

beforeAll(async () => {
  database = await createTestDatabase("outbox_upgrade");
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  before = mkdtempSync(path.join(tmpdir(), "notes-migrations-"));
  for (const name of readdirSync(defaultMigrationsDir())) {
    if (name < "20261127100000_webhook_outbox_cursor" || name === "migration_lock.toml") {
      cpSync(path.join(defaultMigrationsDir(), name), path.join(before, name), { recursive: true });
    }
  }
});

afterAll(async () => {
  await client?.end();
  await database?.drop();
  rmSync(before, { recursive: true, force: true });
});

it("keeps the deliveries queued before the upgrade and fans out only the entries logged after it", async () => {
  await applyMigrations(fromPgClient(client), { migrationsDir: before });
  const key = await client.query<{ id: string }>(
    "INSERT INTO api_keys (label, prefix, key_hash) VALUES ('upgrade', 'upgr', 'x') RETURNING id",
  );
  const hook = await client.query<{ id: string }>(
    `INSERT INTO webhooks (api_key_id, url, events, secret)
     VALUES ($1, 'https://example.com/', '{note.read}', 's') RETURNING id`,
    [key.rows[0]!.id],
  );
  await client.query(
    "INSERT INTO note_events (share_id, type, api_key_id) VALUES ('upgNote001', 'created', $1)",
    [key.rows[0]!.id],
  );
  await client.query("INSERT INTO note_events (share_id, type) VALUES ('upgNote001', 'read')");
  // The delivery the old read statement queued with its entry.
  await client.query(
    `INSERT INTO webhook_deliveries (webhook_id, event, payload)
     VALUES ($1, 'note.read', '{"type":"note.read","data":{"id":"upgNote001"}}')`,
    [hook.rows[0]!.id],
  );

  await applyMigrations(fromPgClient(client));

  const fanOut = fanOutNoteEventsSql(500);
  expect((await client.query<FanOutRow>(fanOut.text, fanOut.values)).rows).toEqual([
    { events: 0, deliveries: 0, emails: 0 },
  ]);
  await client.query("INSERT INTO note_events (share_id, type) VALUES ('upgNote001', 'read')");
  let after: FanOutRow = { events: 0, deliveries: 0, emails: 0 };
  for (let attempt = 0; attempt < 100 && after.events === 0; attempt++) {
    after = (await client.query<FanOutRow>(fanOut.text, fanOut.values)).rows[0]!;
    if (after.events === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(after).toEqual({ events: 1, deliveries: 1, emails: 0 });

  const claim = claimDeliveriesSql(20, 60_000);
  const claimed = await client.query<{ payload: unknown; attempts: number }>(claim.text, claim.values);
  // Both are due (an UPDATE returns its rows in no set order: sorted here, the shorter payload first).
  const rows = claimed.rows.map(({ payload, attempts }) => ({ payload, attempts }));
  expect(rows.sort((a, b) => JSON.stringify(a).length - JSON.stringify(b).length)).toEqual([
    { payload: { type: "note.read", data: { id: "upgNote001" } }, attempts: 1 },
    {
      payload: {
        type: "note.read",
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        data: { id: "upgNote001", recipient: null, read_count: null, remaining_views: null },
      },
      attempts: 1,
    },
  ]);
});
