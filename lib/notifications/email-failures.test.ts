import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { emailFailuresSql } from "./email-failures-sql";

// Which of a note's emails the status page calls failing, on the outbox's real table: a retried one
// until it is delivered, a given-up one until a later email of the note arrives; another note's
// failures and the note's webhook deliveries never count.

let database: TestDatabase;
let client: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase("email_failures");
  const { migrateDatabase } = await import("../db/migrate");
  await migrateDatabase(database.url);
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await database?.drop();
});

type Email = { at: string; delivered?: string; failed?: string; error?: string };

async function emails(noteId: string, rows: Email[]) {
  for (const row of rows) {
    await client.query(
      `INSERT INTO webhook_deliveries (channel, event, payload, created_at, delivered_at, failed_at, last_error,
                                       next_attempt_at, note_id)
       VALUES ('email', 'note.read', $1, $2, $3, $4, $5, NULL, $6)`,
      [
        { kind: "note", type: "note.read", data: { id: noteId } },
        row.at,
        row.delivered,
        row.failed,
        row.error,
        noteId,
      ],
    );
  }
}

async function failuresOf(noteId: string) {
  const statement = emailFailuresSql(noteId);
  const { rows } = await client.query(statement.text, statement.values);
  return rows.map((row) => ({ ...row, since: (row.since as Date).toISOString() }));
}

describe("a note's failing emails", () => {
  it("are none when every email arrived, or a failed attempt was followed by a delivery", async () => {
    await emails("arrived001", [
      { at: "2026-11-30T10:00:00Z", delivered: "2026-11-30T10:00:01Z" },
      { at: "2026-11-30T10:05:00Z", delivered: "2026-11-30T10:06:00Z", error: "smtp failed (ESOCKET)" },
    ]);
    // A person's target's failing delivery of the note is the target's to show, not the email's.
    await client.query(
      `INSERT INTO webhook_deliveries (channel, event, payload, created_at, last_error, note_id)
       VALUES ('webhook', 'note.read', '{}', '2026-11-30T10:07:00Z', 'HTTP 500', 'arrived001')`,
    );
    expect(await failuresOf("arrived001")).toEqual([]);
  });

  it("are retrying since the first failing email's event, with the latest reason", async () => {
    await emails("retrying01", [
      { at: "2026-11-30T10:00:00Z", error: "smtp failed (ESOCKET)" },
      { at: "2026-11-30T10:01:00Z", error: "smtp failed (EAUTH 535)", failed: "2026-11-30T11:00:00Z" },
      { at: "2026-11-30T09:00:00Z", delivered: "2026-11-30T09:00:01Z" },
    ]);
    expect(await failuresOf("retrying01")).toEqual([
      { since: "2026-11-30T10:00:00.000Z", retrying: true, reason: "smtp failed (EAUTH 535)", email: null },
    ]);
    expect(await failuresOf("arrived001")).toEqual([]);
  });

  it("are given up until a later email of the note is delivered", async () => {
    await emails("givenup001", [
      { at: "2026-11-30T10:00:00Z", error: "smtp failed (ESOCKET)", failed: "2026-11-30T12:00:00Z" },
    ]);
    expect(await failuresOf("givenup001")).toEqual([
      { since: "2026-11-30T10:00:00.000Z", retrying: false, reason: "smtp failed (ESOCKET)", email: null },
    ]);
    await emails("givenup001", [{ at: "2026-11-30T12:30:00Z", delivered: "2026-11-30T12:30:01Z" }]);
    expect(await failuresOf("givenup001")).toEqual([]);
  });
});
