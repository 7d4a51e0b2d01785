import { mkdirSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { hashSecret } from "../../lib/crypto/secret-hash";
import { createNoteBodySchema, readNoteBodySchema } from "../../lib/notes/note-schemas";
import { testDatabaseUrl } from "../../lib/test/database";
import {
  createBody,
  createE2eBody,
  readE2eBody,
  sealSmallNote,
  smallNote,
  type SealedNote,
} from "./fixtures";
import { startServer, type RunningServer } from "./servers";

// The bench's end-to-end scenarios (load.ts) send what the create page and the CLI send, and the
// floor must do the app's duties for them, or app/floor compares unlike work.

let floor: RunningServer;
let sealed: SealedNote;
const db = new pg.Pool({ connectionString: testDatabaseUrl(), max: 1 });

beforeAll(async () => {
  mkdirSync(".bench", { recursive: true });
  sealed = await sealSmallNote();
  floor = await startServer("floor", { DATABASE_URL: testDatabaseUrl() }, [], "floor-test");
});
afterAll(async () => {
  await floor.stop();
  await db.end();
});

async function post(path: string, body: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${floor.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const events = async (id: string) =>
  (
    await db.query<{ type: string; encrypted: boolean | null; client: string | null }>(
      "SELECT type, encrypted, client FROM note_events WHERE share_id = $1 ORDER BY id",
      [id],
    )
  ).rows;

test("the end-to-end scenarios' bodies are what the API takes: an envelope with its key proof, and the proof", () => {
  const create = createNoteBodySchema.safeParse(JSON.parse(createE2eBody(sealed)));
  expect(create.success).toBe(true);
  expect(create.data).toEqual({
    content: sealed.envelope,
    key_proof: sealed.keyProof,
    encrypted: true,
    ttl: "1h",
  });
  expect(sealed.envelope).toMatch(/^v1\.key\./);
  const read = readNoteBodySchema.safeParse(JSON.parse(readE2eBody(sealed)));
  expect(read.data).toEqual({ key_proof: sealed.keyProof });
});

describe("the floor", () => {
  test("stores an end-to-end note with its key proof's hash and its created entry, unrendered", async () => {
    const created = await post("/api/v1/shares", createE2eBody(sealed));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ encrypted: true, content_type: "markdown", page_count: 1 });
    const id = String(created.body.id);
    const { rows } = await db.query(
      "SELECT encrypted, key_proof_hash, size_bytes, content_type FROM shares WHERE id = $1",
      [id],
    );
    expect(rows).toEqual([
      {
        encrypted: true,
        key_proof_hash: hashSecret(sealed.keyProof),
        size_bytes: Buffer.byteLength(sealed.envelope),
        content_type: "markdown",
      },
    ]);
    expect(await events(id)).toEqual([{ type: "created", encrypted: true, client: null }]);
  });

  test("reads an end-to-end note with its key proof only, logging each read", async () => {
    const id = String((await post("/api/v1/shares", createE2eBody(sealed))).body.id);
    const other = await sealSmallNote();
    expect((await post(`/api/v1/shares/${id}/read`, "{}")).status).toBe(404);
    expect((await post(`/api/v1/shares/${id}/read`, readE2eBody(other))).status).toBe(404);
    expect(await events(id)).toHaveLength(1);

    const read = await post(`/api/v1/shares/${id}/read`, readE2eBody(sealed));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      id,
      content: sealed.envelope,
      html: null,
      encrypted: true,
      remaining_views: null,
      burned: false,
    });
    const logged = await events(id);
    expect(logged.map((event) => event.type)).toEqual(["created", "read"]);
    expect(logged[1]?.client).toMatch(/^[0-9a-f]{8}$/);
  });

  test("still renders and reads a plain note, with or without a key proof", async () => {
    const created = await post("/api/v1/shares", createBody(smallNote));
    expect(created.status).toBe(201);
    expect(created.body.encrypted).toBe(false);
    const id = String(created.body.id);
    const read = await post(`/api/v1/shares/${id}/read`, "{}");
    expect(read.body).toMatchObject({ content: smallNote, encrypted: false });
    expect(String(read.body.html)).toContain("<h1");
    expect((await post(`/api/v1/shares/${id}/read`, readE2eBody(sealed))).status).toBe(200);
    expect((await events(id)).map((event) => event.type)).toEqual(["created", "read", "read"]);
  });
});
