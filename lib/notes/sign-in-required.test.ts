import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db";
import { ApiError } from "../http/api-error";
import { parseBody } from "../http/parse-body";
import { RequestLimits } from "../rate-limit/request-limits";
import { noteCounters } from "../test/note-counters";
import { testClient } from "../test/test-client";
import { createNote } from "./create-note";
import { getNoteMeta } from "./get-note-meta";
import { createNoteBodySchema, createNoteErrorCode } from "./note-schemas";
import { readNote } from "./read-note";

// Notes for members only (sign_in_required) in the test run's own Postgres database, which has no
// identity provider configured: creating one is refused, and a row marked by hand (as a create does
// where a provider is) is refused to anonymous meta and read without spending anything. The session
// itself is the e2e specs' (e2e/browser/people-members-only.spec.ts).

const client = testClient();
beforeAll(openDatabase);

const codeOf = (run: () => unknown) => {
  try {
    run();
    return "ok";
  } catch (error) {
    return error instanceof ApiError ? error.code : String(error);
  }
};

/** A signed-in check that answers `answer` and counts how often it was asked. */
function session(answer: boolean) {
  const asked = { count: 0 };
  const signedIn = async () => {
    asked.count++;
    return answer;
  };
  return { signedIn, asked };
}

/** A note created as a create with a provider would make it: sign_in_required set on its row. */
async function membersOnly(body: { burn_after?: number; password?: string } = {}) {
  const note = await createNote({ body: { content: "for members", ttl: "1h", ...body }, apiKey: null });
  await client.query("UPDATE shares SET sign_in_required = true WHERE id = $1", [note.id]);
  return note.id;
}

const counters = (id: string) => noteCounters(client, id);

const read = (id: string, signedIn: () => Promise<boolean>, password?: string, idempotencyKey?: string) =>
  readNote({
    id,
    password,
    keyProof: undefined,
    limits: new RequestLimits(new Headers()),
    reader: { client: null, browser: null },
    idempotencyKey,
    signedIn,
  });

describe("sign_in_required at create", () => {
  const parse = (body: unknown) => parseBody(createNoteBodySchema, body, createNoteErrorCode);

  it("is a boolean: anything else is bad_json", () => {
    expect(parse({ content: "x", ttl: "1h", sign_in_required: true })).toMatchObject({
      sign_in_required: true,
    });
    for (const value of ["true", 1, null, {}]) {
      expect(codeOf(() => parse({ content: "x", ttl: "1h", sign_in_required: value }))).toBe("bad_json");
    }
  });

  it("is refused with 400 sign_in_unavailable without a provider, storing nothing", async () => {
    const before = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM shares");
    const create = createNote({ body: { content: "x", ttl: "1h", sign_in_required: true }, apiKey: null });
    await expect(create).rejects.toMatchObject({ code: "sign_in_unavailable", status: 400 });
    const after = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM shares");
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    const plain = await createNote({
      body: { content: "x", ttl: "1h", sign_in_required: false },
      apiKey: null,
    });
    expect(plain.sign_in_required).toBe(false);
  });
});

describe("a note for members only", () => {
  it("answers anonymous meta and read with 401 sign_in_required, spending nothing", async () => {
    const id = await membersOnly({ burn_after: 2 });
    const anonymous = session(false);
    await expect(getNoteMeta({ id, signedIn: anonymous.signedIn })).rejects.toMatchObject({
      code: "sign_in_required",
      status: 401,
    });
    await expect(read(id, anonymous.signedIn)).rejects.toMatchObject({ code: "sign_in_required" });
    await expect(read(id, anonymous.signedIn, undefined, "retry-1")).rejects.toMatchObject({
      code: "sign_in_required",
    });
    expect(await counters(id)).toEqual({ read_count: 0, failed_attempts: 0, events: 0 });
    expect(anonymous.asked.count).toBe(3);
  });

  it("checks the session before the password: no attempt counted", async () => {
    const note = await createNote({
      body: { content: "x", ttl: "1h", password: "right", burn_after_failures: 3 },
      apiKey: null,
    });
    await client.query("UPDATE shares SET sign_in_required = true WHERE id = $1", [note.id]);
    await expect(read(note.id, session(false).signedIn, "wrong")).rejects.toMatchObject({
      code: "sign_in_required",
    });
    expect(await counters(note.id)).toEqual({ read_count: 0, failed_attempts: 0, events: 0 });
    await expect(read(note.id, session(true).signedIn, "wrong")).rejects.toMatchObject({
      code: "bad_password",
    });
    expect((await counters(note.id))?.failed_attempts).toBe(1);
  });

  it("tells only a signed-in caller that its files are still uploading", async () => {
    const note = await createNote({
      body: { ttl: "1h", files: [{ name: "a.txt", type: "text/plain", size: 3 }] },
      apiKey: null,
    });
    await client.query("UPDATE shares SET sign_in_required = true WHERE id = $1", [note.id]);
    await expect(read(note.id, session(false).signedIn)).rejects.toMatchObject({ code: "sign_in_required" });
    await expect(read(note.id, session(true).signedIn)).rejects.toMatchObject({ code: "files_incomplete" });
  });

  it("opens for a signed-in caller as usual, and burns at its last view", async () => {
    const id = await membersOnly({ burn_after: 2 });
    const member = session(true);
    expect((await getNoteMeta({ id, signedIn: member.signedIn })).remaining_views).toBe(2);
    expect((await read(id, member.signedIn)).pages[0]?.content).toBe("for members");
    const last = await read(id, member.signedIn, undefined, "retry-2");
    expect([last.burned, last.read_count]).toEqual([true, 2]);
    // A retry of the burning read gets its kept answer, again only when signed in.
    await expect(read(id, session(false).signedIn, undefined, "retry-2")).rejects.toMatchObject({
      code: "sign_in_required",
    });
    expect((await read(id, member.signedIn, undefined, "retry-2")).burned).toBe(true);
    await expect(read(id, member.signedIn)).rejects.toMatchObject({ code: "not_found" });
  });

  it("a note that is not for members only never asks for the session", async () => {
    const note = await createNote({ body: { content: "open", ttl: "1h", burn_after: 5 }, apiKey: null });
    const never = session(false);
    expect((await getNoteMeta({ id: note.id, signedIn: never.signedIn })).remaining_views).toBe(5);
    expect((await read(note.id, never.signedIn)).read_count).toBe(1);
    expect(never.asked.count).toBe(0);
  });
});
