import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { applyMigrations, fromPglite } from "../db/migrate";
import { fanOutNoteEventsSql, type FanOutRow } from "./fan-out-sql";

// The deliverer's fan-out on PGlite, which has the transaction ids and snapshots it relies on: a
// keyed note's entries go out once. (On Postgres, with the payload and concurrency: fan-out.test.ts.)

describe("the fan-out on the embedded database", () => {
  it("runs on PGlite, which has the transaction ids and snapshots it relies on", async () => {
    const db = new PGlite();
    try {
      await applyMigrations(fromPglite(db));
      const key = await db.query<{ id: string }>(
        "INSERT INTO api_keys (label, prefix, key_hash) VALUES ('pglite', 'pgli', 'x') RETURNING id",
      );
      const keyId = key.rows[0]!.id;
      await db.query(
        "INSERT INTO webhooks (api_key_id, url, events, secret) VALUES ($1, 'https://example.com/', '{note.read}', 's')",
        [keyId],
      );
      await db.query(
        "INSERT INTO note_events (share_id, type, api_key_id) VALUES ('pgliteNote', 'created', $1)",
        [keyId],
      );
      await db.query(
        `INSERT INTO note_events (share_id, type, read_count, remaining_views)
         VALUES ('pgliteNote', 'read', 1, 2)`,
      );
      const statement = fanOutNoteEventsSql(500);
      expect((await db.query<FanOutRow>(statement.text, statement.values)).rows).toEqual([
        { events: 2, deliveries: 1, emails: 0 },
      ]);
      expect((await db.query<FanOutRow>(statement.text, statement.values)).rows).toEqual([
        { events: 0, deliveries: 0, emails: 0 },
      ]);
    } finally {
      await db.close();
    }
  });
});
