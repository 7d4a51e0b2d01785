import { describe, expect, it } from "vitest";
import { generateRequestKeys } from "../crypto/request-envelope";
import { createNote } from "../notes/create-note";
import { deleteNote } from "../notes/delete-note";
import { getNoteEvents } from "../notes/note-events";
import { createRequest } from "../requests/create-request";
import { testClient } from "../test/test-client";
import { createTestPerson } from "../test/test-person";
import type { ActingPerson } from "./acting-person";
import { listOwnNoteLinks, listOwnNotePage, listOwnRequestPage, ownListLength } from "./list-own-things";

// What a person creates is theirs: recorded as created_by, listed for them alone, managed by them
// alone. Two people, each a bare row (no sealed fields, so resealing people elsewhere leaves them be).

const client = testClient();

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: { code?: string }) => error.code,
  );
const body = { content: "mine", ttl: "1h" as const };
/** The newest page of the person's notes. */
const listOwnNoteRows = async (person: ActingPerson) => (await listOwnNotePage(person, undefined)).notes;
/** The newest page of the person's requests. */
const listOwnRequests = async (person: ActingPerson) =>
  (await listOwnRequestPage(person, undefined)).requests;

const requestBody = async () => {
  const keys = await generateRequestKeys();
  return {
    title: "The CI token",
    answers: 2,
    ttl: "1d",
    public_key: keys.publicKey,
    owner_proof: keys.ownerProof,
  };
};

describe("a person's own notes and requests", () => {
  it("records the creator and lists a note for them alone", async () => {
    const [ann, bob] = [await createTestPerson(), await createTestPerson()];
    const note = await createNote({ body, apiKey: null, person: ann });
    const anonymous = await createNote({ body, apiKey: null });
    const { rows } = await client.query("SELECT id, created_by FROM shares WHERE id = ANY($1)", [
      [note.id, anonymous.id],
    ]);
    expect(Object.fromEntries(rows.map((row) => [row.id, row.created_by]))).toEqual({
      [note.id]: ann.id,
      [anonymous.id]: null,
    });
    expect((await listOwnNoteRows(ann)).map((row) => [row.id, row.status, row.read_count])).toEqual([
      [note.id, "live", 0],
    ]);
    expect(await listOwnNoteRows(bob)).toEqual([]);
  });

  it("pages the notes, newest first, from the previous page's cursor; a malformed cursor shows the newest", async () => {
    const ann = await createTestPerson();
    const ids: string[] = [];
    for (let index = 0; index <= ownListLength; index += 1)
      ids.push((await createNote({ body, apiKey: null, person: ann })).id);
    const newestFirst = ids.toReversed();
    const first = await listOwnNotePage(ann, undefined);
    expect(first.notes.map((row) => row.id)).toEqual(newestFirst.slice(0, ownListLength));
    expect([first.older, typeof first.nextCursor]).toEqual([false, "string"]);
    const second = await listOwnNotePage(ann, first.nextCursor!);
    expect(second.notes.map((row) => row.id)).toEqual([ids[0]]);
    expect([second.older, second.nextCursor]).toEqual([true, null]);
    for (const malformed of ["0", "abc", "1".repeat(19), ""]) {
      const page = await listOwnNotePage(ann, malformed);
      expect([page.notes[0]?.id, page.older]).toEqual([newestFirst[0], false]);
    }
  });

  it("shows the log and deletes for the creator; anyone else gets not_found", async () => {
    const [ann, bob] = [await createTestPerson(), await createTestPerson()];
    const { id } = await createNote({ body, apiKey: null, person: ann });
    const asBob = { id, apiKey: null, person: bob, deleteToken: null };
    expect(await codeOf(getNoteEvents(asBob))).toBe("not_found");
    expect(await codeOf(deleteNote(asBob))).toBe("not_found");
    expect(await codeOf(getNoteEvents({ id, apiKey: null, person: null, deleteToken: null }))).toBe(
      "not_found",
    );
    const events = await getNoteEvents({ ...asBob, person: ann });
    expect(events.map((event) => event.type)).toEqual(["created"]);
    await deleteNote({ ...asBob, person: ann });
    expect((await listOwnNoteRows(ann)).map((row) => row.status)).toEqual(["deleted"]);
  });

  it("lists a note's recipients' links for its creator, who revokes them one by one", async () => {
    const [ann, bob] = [await createTestPerson(), await createTestPerson()];
    const note = await createNote({
      body: { ...body, recipients: ["Alice", "Bob"] },
      apiKey: null,
      person: ann,
    });
    const links = await listOwnNoteLinks(ann, note.id);
    expect(links.map((link) => link.label).sort()).toEqual(["Alice", "Bob"]);
    expect(await listOwnNoteLinks(bob, note.id)).toEqual([]);
    const [alice] = links.filter((link) => link.label === "Alice");
    expect(await codeOf(deleteNote({ id: alice!.id, apiKey: null, person: bob, deleteToken: null }))).toBe(
      "not_found",
    );
    await deleteNote({ id: alice!.id, apiKey: null, person: ann, deleteToken: null });
    expect((await listOwnNoteLinks(ann, note.id)).map((link) => link.label)).toEqual(["Bob"]);
    expect((await listOwnNoteRows(ann)).map((row) => [row.status, row.recipients])).toEqual([["live", 2]]);
  });

  it("lists a person's requests with their titles, for them alone", async () => {
    const [ann, bob] = [await createTestPerson(), await createTestPerson()];
    const created = await createRequest({ body: await requestBody(), apiKey: null, person: ann });
    expect(await listOwnRequests(ann)).toEqual([
      expect.objectContaining({
        id: created.id,
        title: "The CI token",
        status: "open",
        answer_count: 0,
        max_answers: 2,
      }),
    ]);
    expect(await listOwnRequests(bob)).toEqual([]);
  });

  it("pages the requests, newest first, from the previous page's cursor; a malformed cursor shows the newest", async () => {
    const ann = await createTestPerson();
    const body = await requestBody();
    const ids: string[] = [];
    // A second apart, but the three oldest in the same millisecond, which straddle the pages: their
    // ids, which sort alike in any collation, tell them apart.
    for (let index = 0; index < ownListLength + 2; index += 1) {
      const generateId = index < 3 ? () => `tiedreq00${index}` : undefined;
      ids.push((await createRequest({ body, apiKey: null, person: ann, generateId })).id);
    }
    const at = ids.map((_, index) => new Date(Date.UTC(2026, 0, 1, 0, 0, Math.max(index, 2))));
    await client.query(
      "UPDATE requests r SET created_at = t.at FROM unnest($1::text[], $2::timestamptz[]) AS t(id, at) WHERE r.id = t.id",
      [ids, at],
    );
    const newestFirst = [...ids.slice(3).toReversed(), "tiedreq002", "tiedreq001", "tiedreq000"];
    const first = await listOwnRequestPage(ann, undefined);
    expect(first.requests.map((row) => row.id)).toEqual(newestFirst.slice(0, ownListLength));
    expect([first.older, first.nextCursor]).toEqual([false, expect.stringMatching(/^[1-9]\d+-\w{10}$/)]);
    const second = await listOwnRequestPage(ann, first.nextCursor!);
    expect(second.requests.map((row) => row.id)).toEqual(newestFirst.slice(ownListLength));
    expect([second.older, second.nextCursor]).toEqual([true, null]);
    const [, oldest] = newestFirst.slice(ownListLength);
    for (const malformed of ["0-" + oldest, "abc", `${"1".repeat(16)}-${oldest}`, "123-a_b", ""]) {
      const page = await listOwnRequestPage(ann, malformed);
      expect([page.requests[0]?.id, page.older]).toEqual([newestFirst[0], false]);
    }
  });
});
