import { afterAll, describe, expect, it } from "vitest";
import { closeDatabase, queryRows } from "../db";
import { sealingKeys } from "../env";
import { Prisma } from "../generated/prisma/client";
import { createNote } from "../notes/create-note";
import { reviewNote } from "./review-note";
import { findNoteForModeration } from "./find-note-for-moderation";

// Moderation opens what the server's keys open, and says plainly what it cannot.
afterAll(closeDatabase);

describe("reviewNote", () => {
  it("opens a note sealed with the server key", async () => {
    const pages = [
      { title: "One", content: "first page" },
      { title: "Two", content: "second page" },
    ];
    const { id } = await createNote({ body: { pages, ttl: "1h" }, apiKey: null });
    expect(await reviewNote({ id })).toEqual({
      id,
      unreadable: null,
      pages: [
        { page_index: 0, title: "One", content: "first page", content_type: "markdown" },
        { page_index: 1, title: "Two", content: "second page", content_type: "markdown" },
      ],
    });
    expect((await findNoteForModeration({ id })).sealed_by).toBe(sealingKeys()[0].id);
  });

  it("opens a recipient's link as its whole note, whose links it lists by label", async () => {
    const { id, links = [] } = await createNote({
      body: { content: "for two", ttl: "1h", recipients: ["zoe", "Adam"] },
      apiKey: null,
    });
    const [zoe, adam] = links;
    expect(await reviewNote({ id: zoe!.id })).toEqual({
      id,
      unreadable: null,
      pages: [{ page_index: 0, title: null, content: "for two", content_type: "markdown" }],
    });
    const note = await findNoteForModeration({ id: zoe!.id });
    expect(note).toMatchObject({ id, status: "live", page_count: 1, size_bytes: 7 });
    expect(note.links).toEqual([
      { id: adam!.id, label: "Adam", read_count: 0, status: "live" },
      { id: zoe!.id, label: "zoe", read_count: 0, status: "live" },
    ]);
    expect((await findNoteForModeration({ id })).links).toEqual(note.links);
  });

  it("says a password note is sealed by its password, and shows no content", async () => {
    const { id } = await createNote({
      body: { content: "guarded", ttl: "1h", password: "pw" },
      apiKey: null,
    });
    const review = await reviewNote({ id });
    expect(review.pages).toEqual([]);
    expect(review.unreadable).toMatch(/^This note is sealed by its password: the server cannot open it/);
    const note = await findNoteForModeration({ id });
    expect(note).toMatchObject({ id, password_required: true, sealed_by: "pw", status: "live" });
  });

  it("says so when a page was sealed by a key that is not configured", async () => {
    const { id } = await createNote({ body: { content: "moved", ttl: "1h" }, apiKey: null });
    // A value sealed for another note does not open here (associated data binds it to its note).
    const other = await createNote({ body: { content: "other", ttl: "1h" }, apiKey: null });
    await queryRows(Prisma.sql`
      UPDATE share_pages SET content = (SELECT content FROM share_pages WHERE share_id = ${other.id})
      WHERE share_id = ${id}`);
    const review = await reviewNote({ id });
    expect(review.pages).toEqual([]);
    expect(review.unreadable).toBe(
      `This note's content cannot be opened: The value does not open with key ${sealingKeys()[0].id}: altered, moved, or another key.`,
    );
  });
});
