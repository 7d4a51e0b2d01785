import { expect, test } from "../support/fixtures";

test.describe("POST /api/v1/shares/<id>/read and GET meta", () => {
  test("read returns content, html and counters; meta never counts", async ({ api }) => {
    const created = await api.create({ content: "*hi*", ttl: "1h", burn_after: 3 });
    const id = created.json.id as string;
    for (let i = 0; i < 3; i++) {
      const meta = await api.meta(id);
      expect(meta.response.status()).toBe(200);
      expect(meta.response.headers()["cache-control"]).toBe("no-store");
      expect(meta.json).toEqual({
        id,
        password_required: false,
        created_at: created.json.created_at,
        expires_at: created.json.expires_at,
        burn_after: 3,
        remaining_views: 3,
        content_type: "markdown",
        page_count: 1,
        encrypted: false,
      });
    }
    const read = await api.read(id);
    expect(read.response.status()).toBe(200);
    expect(read.response.headers()["cache-control"]).toBe("no-store");
    expect(read.response.headers()["content-type"]).toBe("application/json; charset=utf-8");
    expect(read.json).toEqual({
      id,
      content: "*hi*",
      content_type: "markdown",
      html: "<p><em>hi</em></p>",
      encrypted: false,
      created_at: created.json.created_at,
      expires_at: created.json.expires_at,
      burn_after: 3,
      remaining_views: 2,
      burned: false,
    });
    expect((await api.meta(id)).json.remaining_views).toBe(2);
  });

  test("the last allowed read burns the note and returns it one final time", async ({ api, sql }) => {
    const id = await api.createId({ content: "secret", ttl: "1h", burn_after: 2 });
    expect((await api.read(id)).json).toMatchObject({ remaining_views: 1, burned: false });
    const last = await api.read(id);
    expect(last.response.status()).toBe(200);
    expect(last.json).toMatchObject({ content: "secret", remaining_views: 0, burned: true });
    expect((await api.read(id)).response.status()).toBe(404);
    expect((await api.meta(id)).response.status()).toBe(404);
    const pages = await sql.query("SELECT count(*)::int AS n FROM share_pages WHERE share_id = $1", [id]);
    expect(pages.rows[0].n).toBe(0);
    const note = await sql.query("SELECT password_hash, burned_at FROM shares WHERE id = $1", [id]);
    expect(note.rows[0].burned_at).not.toBeNull();
  });

  test("a note without a limit can be read again and again", async ({ api }) => {
    const id = await api.createId({ content: "open", ttl: "1h" });
    for (let i = 0; i < 3; i++) {
      expect((await api.read(id)).json).toMatchObject({
        remaining_views: null,
        burned: false,
        burn_after: null,
      });
    }
  });

  test("an empty body and {} both read a note without a password", async ({ api }) => {
    const id = await api.createId({ content: "open", ttl: "1h" });
    expect((await api.read(id, "")).response.status()).toBe(200);
    expect((await api.read(id, {})).response.status()).toBe(200);
  });

  test("a password is checked and a wrong one never consumes a view", async ({ api }) => {
    const id = await api.createId({ content: "pw", ttl: "1h", burn_after: 1, password: "correct horse" });
    expect((await api.meta(id)).json.password_required).toBe(true);
    for (const password of ["wrong", "Correct horse", "correct horse "]) {
      expect((await api.read(id, { password })).response.status()).toBe(401);
    }
    expect((await api.read(id, {})).response.status()).toBe(401);
    expect((await api.meta(id)).json.remaining_views).toBe(1);
    const read = await api.read(id, { password: "correct horse" });
    expect(read.json).toMatchObject({ content: "pw", remaining_views: 0, burned: true });
  });

  test("unicode passwords match whatever their normalization", async ({ api }) => {
    const id = await api.createId({ content: "u", ttl: "1h", password: "caf\u00e9 🔑" });
    expect((await api.read(id, { password: "cafe\u0301 🔑" })).response.status()).toBe(200);
  });

  test("a password given for a note without one is ignored", async ({ api }) => {
    const id = await api.createId({ content: "open", ttl: "1h" });
    expect((await api.read(id, { password: "anything" })).response.status()).toBe(200);
  });

  test("a multi-page read counts once and returns every page", async ({ api }) => {
    const id = await api.createId({
      ttl: "1h",
      burn_after: 2,
      pages: [
        { title: "A", content: "a" },
        { title: "B", content: "b" },
      ],
    });
    const meta = await api.meta(id);
    expect(meta.json).toMatchObject({ page_count: 2, remaining_views: 2 });
    const read = await api.read(id);
    expect(read.json.remaining_views).toBe(1);
    expect((read.json.pages as unknown[]).length).toBe(2);
  });

  test("single-page reads carry no pages field", async ({ api }) => {
    const id = await api.createId({ content: "one", ttl: "1h" });
    expect("pages" in (await api.read(id)).json).toBe(false);
  });
});
