import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { keyProof, sealNote } from "../crypto/envelope";
import { sealedByPrefix } from "../crypto/seal";
import { openDatabase, queryRows } from "../db";
import { sealingKeys } from "../env";
import { keptAnswerLookup, requestFingerprint } from "../idempotency/idempotency-key";
import { RequestLimits } from "../rate-limit/request-limits";
import { createNote } from "./create-note";
import { deleteNote } from "./delete-note";
import { keptAnswersSealedBySql } from "../idempotency/kept-answer-sql";
import { purgeExpiredNotes } from "./purge-expired-notes";
import { readNote } from "./read-note";
import { testClient } from "../test/test-client";

// Kept answers (Idempotency-Key) against the test run's own Postgres database: what a retry gets,
// what it costs (nothing), what the database holds of them, and when they go.

const client = testClient();
beforeAll(async () => {
  // Opened (and its keys checked) before the first test, which a busy machine would otherwise fail
  // as "still being opened".
  await openDatabase();
});

const anonymous = async () => false;
const reader = { client: null, browser: null };
const read = (id: string, idempotencyKey: string | null, password?: string, proof?: string) =>
  readNote({
    id,
    password,
    keyProof: proof,
    limits: new RequestLimits(new Headers()),
    reader,
    idempotencyKey,
    signedIn: anonymous,
  });

async function created(body: Record<string, unknown>) {
  const note = await createNote({ body: { ttl: "1h", burn_after: 1, ...body }, apiKey: null });
  return note;
}

const readCount = async (id: string) =>
  (await client.query<{ read_count: number }>("SELECT read_count FROM shares WHERE id = $1", [id])).rows[0]
    ?.read_count;
const keptRows = async (id: string) =>
  (
    await client.query<{ answer: unknown; password_hash: string | null }>(
      "SELECT answer, password_hash FROM kept_answers WHERE share_id = $1",
      [id],
    )
  ).rows;

describe("a read with an Idempotency-Key", () => {
  it("is answered again to the same key without spending a view; another key reads a burned note", async () => {
    const note = await created({ content: "kept read" });
    const key = randomUUID();
    const first = await read(note.id, key);
    expect(first.pages[0]?.content).toBe("kept read");
    expect(first.burned).toBe(true);
    expect(await read(note.id, key)).toEqual(first);
    expect(await readCount(note.id)).toBe(1);
    await expect(read(note.id, randomUUID())).rejects.toMatchObject({ code: "not_found" });
    await expect(read(note.id, null)).rejects.toMatchObject({ code: "not_found" });
  });

  it("keeps a multi-page note's pages, sealed as the note stores them", async () => {
    const note = await created({
      pages: [{ title: "one", content: "first page" }, { content: "second page" }],
    });
    const key = randomUUID();
    const first = await read(note.id, key);
    expect(await read(note.id, key)).toEqual(first);
    expect(first.pages.map((page) => page.content)).toEqual(["first page", "second page"]);
    const [kept] = await keptRows(note.id);
    // A dump shows no more than the note's own row did: its texts only sealed.
    expect(JSON.stringify(kept?.answer)).not.toMatch(/first page|second page|"one"/);
  });

  it("of a password note: given again only with the password, which is never stored", async () => {
    const note = await created({ content: "kept secret", password: "hunter2-kept" });
    const key = randomUUID();
    const first = await read(note.id, key, "hunter2-kept");
    await expect(read(note.id, key, "wrong")).rejects.toMatchObject({ code: "bad_password" });
    await expect(read(note.id, key)).rejects.toMatchObject({ code: "bad_password" });
    expect(await read(note.id, key, "hunter2-kept")).toEqual(first);
    const [kept] = await keptRows(note.id);
    expect(kept?.password_hash).toMatch(/^scrypt2\$/);
    expect(JSON.stringify(kept)).not.toContain("hunter2-kept");
    expect(JSON.stringify(kept)).not.toContain("kept secret");
  });

  it("of an end-to-end note: given again only with its key proof, checked before the password", async () => {
    const sealed = await sealNote({ pages: [{ title: "", content: "e2e kept", format: "markdown" }] });
    const proof = await keyProof(sealed.key);
    const other = await keyProof((await sealNote("another")).key);
    const note = await created({
      content: sealed.envelope,
      encrypted: true,
      key_proof: proof,
      password: "pw-e2e",
    });
    const key = randomUUID();
    const first = await read(note.id, key, "pw-e2e", proof);
    expect(first.burned).toBe(true);
    // Once burned, a retry is answered as a first read would be: without the proof, or with another
    // one, 403 whatever the password; with it, the password decides.
    for (const [password, given] of [
      [undefined, undefined],
      ["pw-e2e", undefined],
      ["pw-e2e", other],
      [undefined, other],
    ] as const) {
      await expect(read(note.id, key, password, given)).rejects.toMatchObject({ code: "bad_key_proof" });
    }
    await expect(read(note.id, key, "wrong", proof)).rejects.toMatchObject({ code: "bad_password" });
    expect(await read(note.id, key, "pw-e2e", proof)).toEqual(first);
    expect(await readCount(note.id)).toBe(1);
  });

  it("of an end-to-end note still readable: a retry without its proof is refused too, and spends nothing", async () => {
    const sealed = await sealNote("still there");
    const proof = await keyProof(sealed.key);
    const note = await created({
      content: sealed.envelope,
      encrypted: true,
      key_proof: proof,
      burn_after: 3,
    });
    const key = randomUUID();
    const first = await read(note.id, key, undefined, proof);
    await expect(read(note.id, key)).rejects.toMatchObject({ code: "bad_key_proof" });
    expect(await read(note.id, key, undefined, proof)).toEqual(first);
    expect(await readCount(note.id)).toBe(1);
  });

  it("in parallel: one view spent, every request answered with it", async () => {
    const note = await created({ content: "parallel kept read" });
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 4 }, () => read(note.id, key)));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(await readCount(note.id)).toBe(1);
  });

  it("keeps nothing for a note without a view limit (its reads spend nothing)", async () => {
    const note = await createNote({ body: { ttl: "1h", content: "unlimited" }, apiKey: null });
    await read(note.id, randomUUID());
    expect(await keptRows(note.id)).toEqual([]);
  });

  it("is forgotten when its note is deleted, and by the cleanup once its window ends", async () => {
    const deleted = await created({ content: "deleted", burn_after: 2 });
    await read(deleted.id, randomUUID());
    expect(await keptRows(deleted.id)).toHaveLength(1);
    await deleteNote({ id: deleted.id, apiKey: null, deleteToken: deleted.delete_token });
    expect(await keptRows(deleted.id)).toEqual([]);

    const ended = await created({ content: "window ended" });
    const key = randomUUID();
    await read(ended.id, key);
    await client.query("UPDATE kept_answers SET kept_until = now() WHERE share_id = $1", [ended.id]);
    await expect(read(ended.id, key)).rejects.toMatchObject({ code: "not_found" });
    await purgeExpiredNotes();
    expect(await keptRows(ended.id)).toEqual([]);
  });
});

describe("the keys kept answers hold", () => {
  const holds = async (keyId: string) =>
    (await queryRows<{ used: boolean }>(keptAnswersSealedBySql(keyId)))[0]?.used;

  it("keep a key in use while a kept answer sealed by it is in its window (npm run reseal)", async () => {
    const note = await created({ content: "kept for a retry" });
    await read(note.id, randomUUID());
    const [kept] = await keptRows(note.id);
    expect(JSON.stringify(kept?.answer)).toContain(sealedByPrefix(sealingKeys()[0].id));

    const keyId = `k${randomUUID().slice(0, 8)}`;
    expect(await holds(keyId)).toBe(false);
    const lookup = randomUUID();
    await client.query(
      "INSERT INTO kept_answers (lookup, share_id, kept_until, answer) VALUES ($1, $2, now() + interval '1 minute', $3)",
      [lookup, note.id, JSON.stringify({ sealed: `${sealedByPrefix(keyId)}AAAA` })],
    );
    expect(await holds(keyId)).toBe(true);
    // A second ago rather than now(): kept_until keeps milliseconds, and now() rounded up to the next
    // one would still be ahead of the check's own now() for up to half a millisecond.
    await client.query("UPDATE kept_answers SET kept_until = now() - interval '1 second' WHERE lookup = $1", [
      lookup,
    ]);
    expect(await holds(keyId)).toBe(false);
  });
});

describe("a create with an Idempotency-Key", () => {
  const idempotencyFor = (body: unknown, key = randomUUID()) => ({
    lookup: keptAnswerLookup({ createdBy: "client:test" }, key),
    fingerprint: requestFingerprint(body),
  });

  it("answers a retry with the same note and delete token, sealed at rest; another body is 422", async () => {
    const body = { ttl: "1h" as const, content: "kept create" };
    const idempotency = idempotencyFor(body);
    const first = await createNote({ body, apiKey: null, idempotency });
    expect(await createNote({ body, apiKey: null, idempotency })).toEqual(first);
    const [kept] = await keptRows(first.id);
    expect(JSON.stringify(kept?.answer)).not.toContain(first.delete_token);
    const other = { ...body, content: "another body" };
    await expect(
      createNote({
        body: other,
        apiKey: null,
        idempotency: { ...idempotency, fingerprint: requestFingerprint(other) },
      }),
    ).rejects.toMatchObject({ code: "idempotency_conflict", status: 422 });
  });

  it("stores a new note once the key's window has ended, even before the cleanup", async () => {
    const body = { ttl: "1h" as const, content: "window over" };
    const idempotency = idempotencyFor(body);
    const first = await createNote({ body, apiKey: null, idempotency });
    await client.query("UPDATE kept_answers SET kept_until = now() WHERE lookup = $1", [idempotency.lookup]);
    const second = await createNote({ body, apiKey: null, idempotency });
    expect(second.id).not.toBe(first.id);
    expect(await createNote({ body, apiKey: null, idempotency })).toEqual(second);
  });

  it("in parallel: one note stored, every request answered with it", async () => {
    const body = { ttl: "1h" as const, content: `parallel create ${randomUUID()}` };
    const idempotency = idempotencyFor(body);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => createNote({ body, apiKey: null, idempotency })),
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const { rows } = await client.query("SELECT 1 FROM kept_answers WHERE lookup = $1", [idempotency.lookup]);
    expect(rows).toHaveLength(1);
  });
});
