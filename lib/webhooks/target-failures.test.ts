import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomAlphanumeric } from "../crypto/random-string";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { targetFailuresSql } from "./target-failures-sql";

// Which of a person's own targets a note's status page calls failing, on the outbox's real tables:
// one row per target, a retried delivery until it is delivered, a given-up one until a later delivery
// to that target (of any note) goes through; another note's failures and the note's emails never count.

let database: TestDatabase;
let client: pg.Client;
let personId = "";

beforeAll(async () => {
  database = await createTestDatabase("target_failures");
  const { migrateDatabase } = await import("../db/migrate");
  await migrateDatabase(database.url);
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  personId = `test-${randomAlphanumeric(12)}`;
  await client.query(
    "INSERT INTO people (id, issuer, subject, created_at, last_sign_in_at) VALUES ($1, 'https://id.test', $1, now(), now())",
    [personId],
  );
});
afterAll(async () => {
  await client?.end();
  await database?.drop();
});

/** A target of the person; its id. */
async function target(url: string, format: string, createdAt: string): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO webhooks (person_id, url, events, secret, format, created_at)
     VALUES ($1, $2, '{note.read}', 's', $3, $4) RETURNING id`,
    [personId, url, format, createdAt],
  );
  return rows[0]!.id;
}

type Delivery = { note: string | null; at: string; delivered?: string; failed?: string; error?: string };

async function deliveries(webhookId: string, rows: Delivery[]) {
  for (const row of rows) {
    await client.query(
      `INSERT INTO webhook_deliveries (webhook_id, event, payload, created_at, delivered_at, failed_at, last_error,
                                       next_attempt_at, note_id)
       VALUES ($1, 'note.read', '{}', $2, $3, $4, $5, $6, $7)`,
      [
        webhookId,
        row.at,
        row.delivered,
        row.failed,
        row.error,
        row.delivered || row.failed ? null : row.at,
        row.note,
      ],
    );
  }
}

async function failuresOf(noteId: string) {
  const statement = targetFailuresSql(noteId);
  const { rows } = await client.query(statement.text, statement.values);
  return rows.map((row) => ({ ...row, since: (row.since as Date).toISOString() }));
}

describe("a note's failing targets", () => {
  it("are each target retrying since its first failing delivery, with its latest reason, oldest target first", async () => {
    const slack = await target(
      "https://hooks.slack.test/services/T0/B0/secret",
      "slack",
      "2026-11-30T08:00:00Z",
    );
    const ntfy = await target("https://ntfy.test:8443/topic", "ntfy", "2026-11-30T09:00:00Z");
    await deliveries(ntfy, [{ note: "retrying01", at: "2026-11-30T10:02:00Z", error: "HTTP 500" }]);
    await deliveries(slack, [
      { note: "retrying01", at: "2026-11-30T10:00:00Z", error: "fetch failed (ECONNREFUSED)" },
      { note: "retrying01", at: "2026-11-30T10:01:00Z", error: "HTTP 503" },
      { note: "retrying01", at: "2026-11-30T09:00:00Z", delivered: "2026-11-30T09:00:01Z" },
      { note: "otherNote1", at: "2026-11-30T09:30:00Z", error: "HTTP 404" },
    ]);
    await client.query(
      `INSERT INTO webhook_deliveries (channel, event, payload, created_at, last_error, note_id)
       VALUES ('email', 'note.read', '{}', '2026-11-30T07:00:00Z', 'smtp failed (ESOCKET)', 'retrying01')`,
    );
    expect(await failuresOf("retrying01")).toEqual([
      {
        id: slack,
        url: "https://hooks.slack.test/services/T0/B0/secret",
        format: "slack",
        since: "2026-11-30T10:00:00.000Z",
        retrying: true,
        reason: "HTTP 503",
      },
      {
        id: ntfy,
        url: "https://ntfy.test:8443/topic",
        format: "ntfy",
        since: "2026-11-30T10:02:00.000Z",
        retrying: true,
        reason: "HTTP 500",
      },
    ]);
    await client.query(
      "UPDATE webhook_deliveries SET delivered_at = now(), next_attempt_at = NULL WHERE webhook_id = $1",
      [ntfy],
    );
    expect((await failuresOf("retrying01")).map((row) => row.format)).toEqual(["slack"]);
  });

  it("are given up until a later delivery to that target goes through, of this note or another", async () => {
    const discord = await target("https://discord.test/api/webhooks/1/x", "discord", "2026-11-30T08:00:00Z");
    const teams = await target("https://teams.test/workflows/2", "teams", "2026-11-30T08:30:00Z");
    for (const hook of [discord, teams]) {
      await deliveries(hook, [
        { note: "givenup001", at: "2026-11-30T10:00:00Z", error: "HTTP 410", failed: "2026-11-30T12:00:00Z" },
        { note: "givenup001", at: "2026-11-30T09:00:00Z", delivered: "2026-11-30T11:00:00Z" },
      ]);
    }
    const givenUp = { since: "2026-11-30T10:00:00.000Z", retrying: false, reason: "HTTP 410" };
    expect(await failuresOf("givenup001")).toEqual([
      { id: discord, url: "https://discord.test/api/webhooks/1/x", format: "discord", ...givenUp },
      { id: teams, url: "https://teams.test/workflows/2", format: "teams", ...givenUp },
    ]);
    await deliveries(discord, [
      { note: "givenup001", at: "2026-11-30T12:30:00Z", delivered: "2026-11-30T12:30:01Z" },
    ]);
    await deliveries(teams, [
      { note: "anotherone", at: "2026-11-30T12:40:00Z", delivered: "2026-11-30T12:40:01Z" },
    ]);
    expect(await failuresOf("givenup001")).toEqual([]);
  });

  it("are none for a note whose deliveries arrived, or that has none", async () => {
    const standard = await target("https://example.test/hook", "standard", "2026-11-30T08:00:00Z");
    await deliveries(standard, [
      {
        note: "arrived001",
        at: "2026-11-30T10:05:00Z",
        delivered: "2026-11-30T10:06:00Z",
        error: "HTTP 502",
      },
    ]);
    expect(await failuresOf("arrived001")).toEqual([]);
    expect(await failuresOf("nothing001")).toEqual([]);
  });
});
