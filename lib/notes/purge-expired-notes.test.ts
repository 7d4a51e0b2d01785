import { describe, expect, it } from "vitest";
import { randomAlphanumeric } from "../crypto/random-string";
import { purgeExpiredNotes } from "./purge-expired-notes";
import { testClient } from "../test/test-client";

// Runs against the test run's own Postgres database (lib/test/global-setup.ts). Rows are written
// straight in SQL so every state a note can be in is there, down to the second.

const client = testClient();

/** Inserts a note with one page; `columns` is SQL for expires_at, burn_after, read_count, burned_at. */
async function insertNote(columns: {
  expiresAt: string;
  burnAfter?: number;
  readCount?: number;
  burnedAt?: string;
}): Promise<string> {
  const id = randomAlphanumeric(10);
  const { expiresAt, burnAfter = null, readCount = 0, burnedAt = "NULL" } = columns;
  await client.query(
    `INSERT INTO shares (id, expires_at, burn_after, read_count, burned_at, content_type, page_count, multi_page, size_bytes)
     VALUES ($1, ${expiresAt}, $2, $3, ${burnedAt}, 'markdown', 1, false, 1)`,
    [id, burnAfter, readCount],
  );
  if (burnedAt === "NULL") {
    await client.query(
      "INSERT INTO share_pages (share_id, page_index, content, content_type, html) VALUES ($1, 0, 'x', 'markdown', '<p>x</p>')",
      [id],
    );
  }
  return id;
}

async function remaining(ids: string[]): Promise<{ shares: string[]; pages: string[] }> {
  const shares = await client.query<{ id: string }>("SELECT id FROM shares WHERE id = ANY($1)", [ids]);
  const pages = await client.query<{ id: string }>(
    "SELECT share_id AS id FROM share_pages WHERE share_id = ANY($1)",
    [ids],
  );
  return { shares: shares.rows.map((row) => row.id).sort(), pages: pages.rows.map((row) => row.id).sort() };
}

describe("purgeExpiredNotes", () => {
  it("removes expired and burned notes in batches and nothing that is live", async () => {
    await purgeExpiredNotes();
    const live = [
      await insertNote({ expiresAt: "now() + interval '1 hour'" }),
      await insertNote({ expiresAt: "NULL" }),
      await insertNote({ expiresAt: "now() + interval '1 hour'", burnAfter: 3, readCount: 2 }),
      await insertNote({ expiresAt: "NULL", burnAfter: 1 }),
      await insertNote({ expiresAt: "now() + interval '1 second'" }),
    ];
    const expired = [
      await insertNote({ expiresAt: "now()" }),
      await insertNote({ expiresAt: "now() - interval '1 second'" }),
      await insertNote({ expiresAt: "now() - interval '30 days'", burnAfter: 5, readCount: 4 }),
      await insertNote({
        expiresAt: "now() - interval '1 hour'",
        burnAfter: 1,
        readCount: 1,
        burnedAt: "now()",
      }),
      await insertNote({ expiresAt: "now() - interval '1 minute'" }),
    ];
    const burned = [
      await insertNote({
        expiresAt: "now() + interval '1 hour'",
        burnAfter: 1,
        readCount: 1,
        burnedAt: "now()",
      }),
      await insertNote({
        expiresAt: "NULL",
        burnAfter: 2,
        readCount: 2,
        burnedAt: "now() - interval '1 day'",
      }),
    ];

    // Batches of two: the loop has to come back for more, and stops when a batch is short.
    expect(await purgeExpiredNotes({ batchSize: 2 })).toEqual({
      expired: 5,
      burned: 2,
      abandoned: 0,
      files: 0,
    });
    expect(await remaining([...live, ...expired, ...burned])).toEqual({
      shares: [...live].sort(),
      pages: [...live].sort(),
    });
    expect(await purgeExpiredNotes()).toEqual({ expired: 0, burned: 0, abandoned: 0, files: 0 });
  });

  it("stops between batches once its signal is aborted", async () => {
    await purgeExpiredNotes();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await insertNote({ expiresAt: "now() - interval '1 second'" }));
    const controller = new AbortController();
    controller.abort();
    expect(await purgeExpiredNotes({ batchSize: 1, signal: controller.signal })).toEqual({
      expired: 0,
      burned: 0,
      abandoned: 0,
      files: 0,
    });
    expect((await remaining(ids)).shares).toHaveLength(3);
    expect(await purgeExpiredNotes({ batchSize: 1 })).toEqual({
      expired: 3,
      burned: 0,
      abandoned: 0,
      files: 0,
    });
  });

  it("logs each expiry at the note's expiry (a burned note's is its burn), and purges old logs", async () => {
    await purgeExpiredNotes();
    const expired = await insertNote({ expiresAt: "date_trunc('second', now()) - interval '2 seconds'" });
    const burned = await insertNote({
      expiresAt: "now() - interval '1 second'",
      burnAfter: 1,
      readCount: 1,
      burnedAt: "now()",
    });
    const old = await insertNote({ expiresAt: "now() + interval '1 hour'" });
    const recent = await insertNote({ expiresAt: "now() + interval '1 hour'" });
    await client.query(
      `INSERT INTO note_events (share_id, type, at) VALUES
         ($1, 'deleted', now() - interval '31 days'), ($1, 'read', now() - interval '32 days'),
         ($2, 'deleted', now() - interval '29 days')`,
      [old, recent],
    );

    const before = await client.query("SELECT expires_at FROM shares WHERE id = $1", [expired]);

    expect(await purgeExpiredNotes()).toEqual({ expired: 2, burned: 0, abandoned: 0, files: 0 });
    const { rows } = await client.query(
      "SELECT share_id, type, at, remaining_views FROM note_events WHERE share_id = ANY($1) ORDER BY id",
      [[expired, burned]],
    );
    expect(rows).toEqual([
      { share_id: expired, type: "expired", at: before.rows[0].expires_at, remaining_views: null },
    ]);
    const logs = await client.query<{ share_id: string }>(
      "SELECT share_id FROM note_events WHERE share_id = ANY($1) ORDER BY id",
      [[old, recent]],
    );
    // ACCESS_LOG_RETENTION_DAYS is 30 by default: the log of the note gone 31 days ago went whole.
    expect(logs.rows.map((row) => row.share_id)).toEqual([recent]);
  });

  it("finds its rows through the expires_at and burned_at indexes", async () => {
    await client.query("BEGIN");
    try {
      await client.query("SET LOCAL enable_seqscan = off");
      for (const [column, index] of [
        ["expires_at", "shares_expires_at_idx"],
        ["burned_at", "shares_burned_at_idx"],
      ]) {
        const { rows } = await client.query<{ "QUERY PLAN": string }>(
          `EXPLAIN SELECT id FROM shares WHERE ${column} <= now() ORDER BY ${column} LIMIT 1000 FOR UPDATE SKIP LOCKED`,
        );
        expect(rows.map((row) => row["QUERY PLAN"]).join("\n")).toContain(index);
      }
    } finally {
      await client.query("ROLLBACK");
    }
  });
});
