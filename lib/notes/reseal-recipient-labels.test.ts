import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { randomAlphanumeric } from "../crypto/random-string";
import { applyMigrations, defaultMigrationsDir, fromPgClient } from "../db/migrate";
import { sealingKeys } from "../env";
import { createTestDatabase } from "../test/database";
import { openRecipientLabel } from "./recipient-sealing";
import { recipientLabelsSealedBy, resealRecipientLabels } from "./reseal-recipient-labels";
import { testClient } from "../test/test-client";

// Labels stored before they were sealed: the migration marks them (so none passes for a sealed
// value), they are still shown, and `npm run reseal` seals every copy, bound to its link.

const sealingMigration = "20261125160300_recipient_labels_sealed";

/** A link with `label` as stored, its log entry, and a delivery of a webhook carrying it. */
async function insertLink(client: pg.Client, label: string) {
  const owner = randomAlphanumeric(10);
  const link = randomAlphanumeric(10);
  const insertShare = `INSERT INTO shares (id, content_id, recipient, expires_at, content_type, page_count, multi_page, size_bytes)
     VALUES ($1, $2, $3, now() + interval '1 hour', 'markdown', 1, false, 1)`;
  await client.query(insertShare, [owner, null, null]);
  await client.query(insertShare, [link, owner, label]);
  await client.query(
    "INSERT INTO note_events (share_id, content_id, recipient, type) VALUES ($1, $2, $3, 'read')",
    [link, owner, label],
  );
  const key = await client.query<{ id: string }>(
    "INSERT INTO api_keys (label, prefix, key_hash) VALUES ('labels', $1, 'x') RETURNING id",
    [randomAlphanumeric(12)],
  );
  const hook = await client.query<{ id: string }>(
    "INSERT INTO webhooks (api_key_id, url, events, secret) VALUES ($1, 'https://example.com/', '{note.read}', 's') RETURNING id",
    [key.rows[0]!.id],
  );
  const payload = { type: "note.read", data: { id: link, recipient: label, read_count: null } };
  await client.query(
    "INSERT INTO webhook_deliveries (webhook_id, event, payload) VALUES ($1, 'note.read', $2)",
    [hook.rows[0]!.id, JSON.stringify(payload)],
  );
  return link;
}

/** Every stored copy of link `id`'s label. */
async function storedLabels(client: pg.Client, id: string): Promise<string[]> {
  const { rows } = await client.query<{ label: string }>(
    `SELECT recipient AS label FROM shares WHERE id = $1
     UNION ALL SELECT recipient FROM note_events WHERE share_id = $1
     UNION ALL SELECT payload #>> '{data,recipient}' FROM webhook_deliveries WHERE payload #>> '{data,id}' = $1`,
    [id],
  );
  return rows.map((row) => row.label);
}

describe("recipients' labels stored before sealing", () => {
  const client = testClient();

  it("are marked by the migration that seals labels", async () => {
    const database = await createTestDatabase("labels");
    const before = mkdtempSync(path.join(tmpdir(), "notes-migrations-"));
    const old = new pg.Client({ connectionString: database.url });
    try {
      cpSync(defaultMigrationsDir(), before, { recursive: true });
      rmSync(path.join(before, sealingMigration), { recursive: true });
      await old.connect();
      await applyMigrations(fromPgClient(old), { migrationsDir: before });
      const link = await insertLink(old, "Alice");
      expect(await applyMigrations(fromPgClient(old))).toContain(sealingMigration);
      expect(await storedLabels(old, link)).toEqual(["plain:Alice", "plain:Alice", "plain:Alice"]);
    } finally {
      await old.end();
      rmSync(before, { recursive: true, force: true });
      await database.drop();
    }
  });

  it("are shown as they are, and sealed in every place by a re-seal", async () => {
    const keys = sealingKeys();
    const link = await insertLink(client, "plain:Bob v1.abcdefgh.x");
    expect(openRecipientLabel(keys, link, "plain:Bob v1.abcdefgh.x")).toBe("Bob v1.abcdefgh.x");

    const report = await resealRecipientLabels();
    expect(report.unopenable).toBe(0);
    expect(report.resealed).toBeGreaterThanOrEqual(3);
    const sealed = await storedLabels(client, link);
    expect(sealed).toHaveLength(3);
    for (const label of sealed) {
      expect(label.startsWith(`v1.${keys[0].id}.`)).toBe(true);
      expect(openRecipientLabel(keys, link, label)).toBe("Bob v1.abcdefgh.x");
    }
    expect(await recipientLabelsSealedBy(keys[0].id)).toBe(true);
    expect(await resealRecipientLabels()).toEqual({ resealed: 0, unopenable: 0 });
  });
});
