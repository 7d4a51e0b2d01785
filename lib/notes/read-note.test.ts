import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db";
import { RequestLimits } from "../rate-limit/request-limits";
import { createNote } from "./create-note";
import { readNote } from "./read-note";
import { addViewHint, hasViewHint } from "./view-hint";
import { testClient } from "../test/test-client";

// What a read does to the notes in the test run's own Postgres database: what it returns, what it
// counts on the note's row and in its access log, and what it ends. A note without a view limit is
// only looked at (its row never changes), by a view once the process holds a hint for it.

const client = testClient();
beforeAll(async () => {
  await openDatabase();
});

const anonymous = async () => false;
const reader = { client: "0a1b2c3d", browser: "Firefox" };
const read = (id: string, idempotencyKey?: string) =>
  readNote({
    id,
    password: undefined,
    keyProof: undefined,
    limits: new RequestLimits(new Headers()),
    reader,
    idempotencyKey,
    signedIn: anonymous,
  });

/** How many pages note `id` holds. */
async function pageCount(id: string) {
  const pages = await client.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM share_pages WHERE share_id = $1",
    [id],
  );
  return pages.rows[0]?.n;
}

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
    expect(await pageCount(note.id)).toBe(0);
  });

  it("an ordinary note burns alone at its last view: its pages go, a note with links beside it stays", async () => {
    const ordinary = await createNote({ body: { content: "once", ttl: "1h", burn_after: 1 }, apiKey: null });
    const shared = await createNote({
      body: { content: "for two", ttl: "1h", burn_after: 1, recipients: ["ann", "bob"] },
      apiKey: null,
    });
    expect(await read(ordinary.id)).toMatchObject({
      read_count: 1,
      burned: true,
      pages: [{ content: "once" }],
    });
    expect(await stored(ordinary.id)).toMatchObject({ read_count: 1, reads: 1 });
    expect(await pageCount(ordinary.id)).toBe(0);
    await expect(read(ordinary.id)).rejects.toMatchObject({ code: "not_found" });
    const owner = await client.query("SELECT live_links FROM shares WHERE id = $1", [shared.id]);
    expect(owner.rows[0]).toEqual({ live_links: 2 });
    expect(await pageCount(shared.id)).toBe(1);
  });

  it("a recipient's link with an Idempotency-Key: a retry is answered again, spending no view", async () => {
    const note = await createNote({
      body: { content: "kept for ann", ttl: "1h", burn_after: 2, recipients: ["ann"] },
      apiKey: null,
    });
    const ann = note.links?.[0]?.id ?? "";
    const key = randomUUID();
    const first = await read(ann, key);
    expect(first).toMatchObject({ read_count: 1, burned: false, pages: [{ content: "kept for ann" }] });
    expect(await read(ann, key)).toEqual(first);
    expect(await stored(ann)).toMatchObject({ read_count: 1, reads: 1 });
    expect(await read(ann, randomUUID())).toMatchObject({ read_count: 2, burned: true });
    expect(await read(ann, key)).toEqual(first);
  });

  it("a protected note read without its password, or a gone one, is refused and counts nothing", async () => {
    const note = await createNote({
      body: { content: "guarded", ttl: "1h", password: "right", burn_after: 2 },
      apiKey: null,
    });
    await expect(read(note.id)).rejects.toMatchObject({ code: "bad_password" });
    expect(await stored(note.id)).toMatchObject({ read_count: 0, reads: 0 });
    await expect(read("NoSuchNote")).rejects.toMatchObject({ code: "not_found" });
  });

  it("a note seen without a limit is read next by the statement that only looks, with the same answer", async () => {
    const note = await createNote({ body: { content: "looked at again", ttl: "1h" }, apiKey: null });
    expect(hasViewHint(note.id)).toBe(false);
    const first = await read(note.id);
    expect(hasViewHint(note.id)).toBe(true);
    expect(await read(note.id)).toEqual(first);
    expect(await stored(note.id)).toMatchObject({ read_count: 0, reads: 2 });
  });

  it("a hint for a note with a view limit is not trusted: the read counts once, logs once", async () => {
    const limited = await createNote({
      body: { content: "limited", ttl: "1h", burn_after: 3 },
      apiKey: null,
    });
    addViewHint(limited.id);
    expect(await read(limited.id)).toMatchObject({ read_count: 1, burned: false });
    expect(await stored(limited.id)).toMatchObject({ read_count: 1, reads: 1 });
    expect(hasViewHint(limited.id)).toBe(false);
  });

  it("a remembered note gone since is not found, and forgotten", async () => {
    const gone = await createNote({ body: { content: "gone", ttl: "1h" }, apiKey: null });
    await read(gone.id);
    expect(hasViewHint(gone.id)).toBe(true);
    await client.query("DELETE FROM shares WHERE id = $1", [gone.id]);
    await expect(read(gone.id)).rejects.toMatchObject({ code: "not_found" });
    expect(hasViewHint(gone.id)).toBe(false);
  });

  it("a remembered note's id taken since by a note with a limit counts every view", async () => {
    const gone = await createNote({ body: { content: "gone", ttl: "1h" }, apiKey: null });
    await read(gone.id);
    await client.query("DELETE FROM shares WHERE id = $1", [gone.id]);
    const taken = await createNote({
      body: { content: "limited now", ttl: "1h", burn_after: 2 },
      apiKey: null,
      generateId: () => gone.id,
    });
    expect(taken.id).toBe(gone.id);
    expect(hasViewHint(taken.id)).toBe(true);
    expect(await read(taken.id)).toMatchObject({ read_count: 1, burned: false, burn_after: 2 });
    expect(hasViewHint(taken.id)).toBe(false);
    expect(await read(taken.id)).toMatchObject({ read_count: 2, burned: true });
    await expect(read(taken.id)).rejects.toMatchObject({ code: "not_found" });
  });

  it("a note with a password and no limit is only looked at, and a wrong password still reads nothing", async () => {
    const note = await createNote({
      body: { content: "guarded", ttl: "1h", password: "right" },
      apiKey: null,
    });
    addViewHint(note.id);
    const withPassword = (password: string) =>
      readNote({
        id: note.id,
        password,
        keyProof: undefined,
        limits: new RequestLimits(new Headers()),
        reader,
        signedIn: anonymous,
      });
    await expect(withPassword("wrong")).rejects.toMatchObject({ code: "bad_password" });
    await expect(read(note.id)).rejects.toMatchObject({ code: "bad_password" });
    const before = await stored(note.id);
    expect((await withPassword("right")).pages[0]?.content).toBe("guarded");
    expect(await stored(note.id)).toEqual({ version: before?.version, read_count: 0, reads: 1 });
  });
});
