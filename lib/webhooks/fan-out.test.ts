import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomAlphanumeric } from "../crypto/random-string";
import { applyMigrations, fromPgClient } from "../db/migrate";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { fanOutNoteEventsSql, type FanOutRow } from "./fan-out-sql";

// The deliverer's fan-out of the access log into the outbox, on a database of its own (the cursor is
// one per database): the payload, the keys and events it selects, a transaction that took the lower
// id and committed later, and two deliverers at once. (On the embedded database:
// fan-out-embedded.test.ts.)

let database: TestDatabase;
const clients: pg.Client[] = [];

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  clients.push(client);
  return client;
}

async function fanOut(client: pg.Client, limit = 500): Promise<FanOutRow> {
  const statement = fanOutNoteEventsSql(limit);
  const { rows } = await client.query<FanOutRow>(statement.text, statement.values);
  return rows[0]!;
}

/**
 * Fans out until `events` entries were read. Another database's transaction on this server may hold
 * the horizon back for a moment, so this tries again (bounded) rather than expecting all at once.
 */
async function fanOutAll(client: pg.Client, events: number): Promise<number> {
  let read = 0;
  let queued = 0;
  for (let attempt = 0; read < events && attempt < 100; attempt++) {
    const row = await fanOut(client);
    read += row.events;
    queued += row.deliveries;
    if (row.events === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(read).toBe(events);
  return queued;
}

let client: pg.Client;
let keyId: string;
let hookId: string;

async function insertKey(): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    "INSERT INTO api_keys (label, prefix, key_hash) VALUES ('fan-out', $1, 'x') RETURNING id",
    [randomAlphanumeric(12)],
  );
  return rows[0]!.id;
}

/** A note's `created` entry (which names its key); returns its id. */
async function created(apiKeyId: string | null): Promise<string> {
  const id = randomAlphanumeric(10);
  await client.query("INSERT INTO note_events (share_id, type, api_key_id) VALUES ($1, 'created', $2)", [
    id,
    apiKeyId,
  ]);
  return id;
}

const readEntry = `INSERT INTO note_events (share_id, type, at, read_count, remaining_views)
  VALUES ($1, 'read', '2026-11-27T10:00:00.123Z', 1, 2) RETURNING id::int`;

async function deliveries(share: string) {
  const { rows } = await client.query<{ event: string; payload: unknown; due: Date }>(
    `SELECT event, payload, next_attempt_at AS due FROM webhook_deliveries
     WHERE webhook_id = $1 AND payload #>> '{data,id}' = $2 ORDER BY next_attempt_at, payload->>'type'`,
    [hookId, share],
  );
  return rows;
}

beforeAll(async () => {
  database = await createTestDatabase("fan_out");
  client = await connect();
  await applyMigrations(fromPgClient(client));
  keyId = await insertKey();
  const hook = await client.query<{ id: string }>(
    `INSERT INTO webhooks (api_key_id, url, events, secret)
     VALUES ($1, 'https://example.com/', '{note.read,note.burned}', 's') RETURNING id`,
    [keyId],
  );
  hookId = hook.rows[0]!.id;
});

afterAll(async () => {
  await Promise.all(clients.map((each) => each.end()));
  await database?.drop();
});

describe("fanning the access log out into the outbox", () => {
  it("queues one delivery per subscribed event of a keyed note, with today's payload, due at the event", async () => {
    const note = await created(keyId);
    const link = await created(keyId);
    const keyless = await created(null);
    const other = await created(await insertKey());
    await client.query(readEntry, [note]);
    await client.query(
      `INSERT INTO note_events (share_id, content_id, recipient, type, at, read_count, remaining_views)
       VALUES ($1, $2, 'sealed-label', 'read', '2026-11-27T10:00:01Z', NULL, NULL),
              ($1, $2, 'sealed-label', 'burned', '2026-11-27T10:00:01Z', 3, 0),
              ($1, $2, 'sealed-label', 'password_failed', '2026-11-27T10:00:02Z', NULL, NULL)`,
      [link, note],
    );
    await client.query(readEntry, [keyless]);
    await client.query(readEntry, [other]);

    // 4 created entries, 6 others; the note's read and the link's read and burn are subscribed.
    expect(await fanOutAll(client, 10)).toBe(3);
    expect(await deliveries(note)).toEqual([
      {
        event: "note.read",
        payload: {
          type: "note.read",
          timestamp: "2026-11-27T10:00:00.123Z",
          data: { id: note, recipient: null, read_count: 1, remaining_views: 2 },
        },
        due: new Date("2026-11-27T10:00:00.123Z"),
      },
    ]);
    expect((await deliveries(link)).map(({ payload }) => payload)).toEqual([
      {
        type: "note.burned",
        timestamp: "2026-11-27T10:00:01.000Z",
        data: { id: link, recipient: "sealed-label", read_count: 3, remaining_views: 0 },
      },
      {
        type: "note.read",
        timestamp: "2026-11-27T10:00:01.000Z",
        data: { id: link, recipient: "sealed-label", read_count: null, remaining_views: null },
      },
    ]);
    // Nothing is left behind the cursor: the next fan-out reads nothing.
    expect(await fanOut(client)).toEqual({ events: 0, deliveries: 0, emails: 0 });
  });

  it("delivers both entries exactly once when the transaction with the lower id commits later", async () => {
    const note = await created(keyId);
    await fanOutAll(client, 1);
    const first = await connect();
    const second = await connect();
    // `first` starts its transaction (the lower transaction id), `second` logs (the lower entry id),
    // then `first` logs (the higher entry id) and commits while `second` is still open.
    await first.query("BEGIN");
    await first.query("SELECT pg_current_xact_id()");
    await second.query("BEGIN");
    const lower = (await second.query<{ id: number }>(readEntry, [note])).rows[0]!.id;
    const higher = (await first.query<{ id: number }>(readEntry, [note])).rows[0]!.id;
    expect(lower).toBeLessThan(higher);
    await first.query("COMMIT");

    expect(await fanOutAll(client, 1)).toBe(1);
    // The open transaction holds the horizon: its entry is neither taken nor passed.
    expect(await fanOut(client)).toEqual({ events: 0, deliveries: 0, emails: 0 });
    await second.query("COMMIT");
    expect(await fanOutAll(client, 1)).toBe(1);
    expect(await fanOut(client)).toEqual({ events: 0, deliveries: 0, emails: 0 });
    expect(await deliveries(note)).toHaveLength(2);
  });

  it("waits for an open transaction that took the lower id before one with a higher id commits", async () => {
    const note = await created(keyId);
    await fanOutAll(client, 1);
    const open = await connect();
    await open.query("BEGIN");
    await open.query(readEntry, [note]);
    await client.query(readEntry, [note]);

    expect(await fanOut(client)).toEqual({ events: 0, deliveries: 0, emails: 0 });
    await open.query("COMMIT");
    expect(await fanOutAll(client, 2)).toBe(2);
    expect(await deliveries(note)).toHaveLength(2);
  });

  it("never queues an entry twice when two deliverers fan out at once", async () => {
    const notes: string[] = [];
    for (let note = 0; note < 20; note++) notes.push(await created(keyId));
    await fanOutAll(client, 20);
    await client.query(
      `INSERT INTO note_events (share_id, type, read_count, remaining_views)
       SELECT ($1::text[])[1 + n % 20], 'read', n, 0 FROM generate_series(1, 1000) n`,
      [notes],
    );
    const deliverers = [await connect(), await connect()];
    let total = 0;
    const read = await Promise.all(
      deliverers.map(async (deliverer) => {
        let events = 0;
        let queued = 0;
        for (let idle = 0; idle < 100 && total < 1000;) {
          const row = await fanOut(deliverer, 37);
          events += row.events;
          queued += row.deliveries;
          total += row.events;
          if (row.events === 0) {
            idle++;
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        }
        return { events, queued };
      }),
    );
    // Both took part, and between them each entry was read and queued once.
    expect(read.every(({ events }) => events > 0)).toBe(true);
    expect(read[0]!.events + read[1]!.events).toBe(1000);
    expect(read[0]!.queued + read[1]!.queued).toBe(1000);
    const { rows } = await client.query(
      `SELECT count(*)::int AS all, count(DISTINCT payload #>> '{data,read_count}')::int AS distinct
       FROM webhook_deliveries WHERE payload #>> '{data,id}' = ANY($1)`,
      [notes],
    );
    expect(rows).toEqual([{ all: 1000, distinct: 1000 }]);
  });
});
