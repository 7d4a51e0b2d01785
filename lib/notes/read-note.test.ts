import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db";
import { RequestLimits } from "../rate-limit/request-limits";
import { createNote } from "./create-note";
import { consumeNoteSql } from "./note-sql";
import { readNote } from "./read-note";
import { testClient } from "../test/test-client";

// What a read does to the database: an ordinary note's statement has no part for recipients' links,
// a link's has, and a note without a view limit is only looked at (its row never changes).

const client = testClient();
beforeAll(async () => {
  await openDatabase();
});

const reader = { client: "0a1b2c3d", browser: "Firefox" };
const read = (id: string) =>
  readNote({
    id,
    password: undefined,
    keyProof: undefined,
    limits: new RequestLimits(new Headers()),
    reader,
  });

/** The row's version (xmin changes with every UPDATE) and counter, and the log's read entries. */
async function stored(id: string) {
  const row = await client.query<{ version: string; read_count: number; reads: number }>(
    `SELECT xmin::text AS version, read_count,
            (SELECT count(*)::int FROM note_events WHERE share_id = $1 AND type = 'read') AS reads
     FROM shares WHERE id = $1`,
    [id],
  );
  return row.rows[0];
}

describe("the consuming statement", () => {
  const verified = { passwordHash: null, keyProofHash: null };

  it("of an ordinary note touches no owner row; a recipient's link's ends its owner's live links", () => {
    const ordinary = consumeNoteSql("AAAAAAAAAA", verified, reader, { link: false }).text;
    const link = consumeNoteSql("AAAAAAAAAA", verified, reader, { link: true }).text;
    expect(ordinary).not.toContain("live_links - 1");
    expect(ordinary).toContain("content_id IS NULL");
    expect(link).toContain("live_links - 1");
    expect(link).toContain("content_id IS NOT NULL");
  });

  it("is built once per shape: the same text object each time, the values of each call", () => {
    const first = consumeNoteSql("AAAAAAAAAA", verified, reader, { link: false });
    const second = consumeNoteSql("BBBBBBBBBB", verified, reader, { link: false });
    expect(second.text).toBe(first.text);
    expect(second.values).toContain("BBBBBBBBBB");
    expect(second.values).not.toContain("AAAAAAAAAA");
  });
});

describe("reading", () => {
  it("a note without a view limit leaves its row as it was: read_count stays 0, the log counts", async () => {
    const note = await createNote({ body: { content: "looked at", ttl: "1h" }, apiKey: null });
    const before = await stored(note.id);
    for (let i = 0; i < 5; i++) expect((await read(note.id)).read_count).toBe(0);
    expect(await stored(note.id)).toEqual({ version: before?.version, read_count: 0, reads: 5 });
  });

  it("a note with a view limit counts on its row, one new row version a read", async () => {
    const note = await createNote({ body: { content: "counted", ttl: "1h", burn_after: 5 }, apiKey: null });
    const before = await stored(note.id);
    expect((await read(note.id)).read_count).toBe(1);
    const after = await stored(note.id);
    expect(after).toMatchObject({ read_count: 1, reads: 1 });
    expect(after?.version).not.toBe(before?.version);
  });

  it("a recipient's link without a password, by its own statement, ending the note at its last view", async () => {
    const note = await createNote({
      body: { content: "for two", ttl: "1h", burn_after: 1, recipients: ["ann", "bob"] },
      apiKey: null,
    });
    const [ann, bob] = note.links ?? [];
    expect((await read(ann?.id ?? "")).pages[0]?.content).toBe("for two");
    await expect(read(ann?.id ?? "")).rejects.toMatchObject({ code: "not_found" });
    expect((await read(bob?.id ?? "")).burned).toBe(true);
    const owner = await client.query(
      "SELECT live_links, burned_at IS NOT NULL AS burned FROM shares WHERE id = $1",
      [note.id],
    );
    expect(owner.rows[0]).toEqual({ live_links: 0, burned: true });
    const pages = await client.query("SELECT count(*)::int AS n FROM share_pages WHERE share_id = $1", [
      note.id,
    ]);
    expect(pages.rows[0]).toEqual({ n: 0 });
  });
});
