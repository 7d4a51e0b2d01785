import { openNote, sealNote } from "../../lib/crypto/envelope";
import { expect, expectError, issueKey, test } from "../support/fixtures";
import { openStoredPage } from "../support/stored-pages";

// End-to-end encrypted notes through the API: `encrypted: true` makes `content` an envelope the
// server stores as given and never renders; every other rule (burn, password, delete) is unchanged.

const ttl = "1h";

test.describe("encrypted notes", () => {
  test("create, meta and read say encrypted; read returns the envelope as sent and html null", async ({
    api,
    sql,
  }) => {
    const document = {
      pages: [
        { title: "Secret title", content: "# one", format: "markdown" as const },
        { title: "Two", content: "<b>two</b>", format: "html" as const },
      ],
    };
    const { envelope, key } = await sealNote(document);
    const { response, json } = await api.create({ content: envelope, encrypted: true, ttl });
    expect(response.status()).toBe(201);
    expect(json).toMatchObject({ encrypted: true, content_type: "markdown", page_count: 1 });
    const id = json.id as string;

    const meta = await api.meta(id);
    expect(meta.json).toMatchObject({ encrypted: true, page_count: 1, remaining_views: null });

    const read = await api.read(id);
    expect(read.response.status()).toBe(200);
    expect(read.json).toMatchObject({ content: envelope, html: null, encrypted: true, burned: false });
    expect(read.json.pages).toBeUndefined();
    expect(await openNote(read.json.content as string, key)).toEqual(document);

    // One page, no title, no HTML: the server holds the envelope (sealed at rest) and nothing else.
    const { rows } = await sql.query(
      "SELECT s.encrypted, s.multi_page, p.share_id, p.page_index, p.title, p.content, p.html, p.raw_html, p.sealed_by FROM shares s JOIN share_pages p ON p.share_id = s.id WHERE s.id = $1",
      [id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].content).not.toContain(envelope);
    expect({
      encrypted: rows[0].encrypted,
      multi_page: rows[0].multi_page,
      ...openStoredPage(rows[0]),
    }).toEqual({
      encrypted: true,
      multi_page: false,
      title: null,
      content: envelope,
      html: "",
      raw_html: null,
    });
  });

  test("other notes answer encrypted: false, and keep their html", async ({ api }) => {
    const { json } = await api.create({ content: "plain *text*", ttl, encrypted: false });
    expect(json.encrypted).toBe(false);
    const id = json.id as string;
    expect((await api.meta(id)).json.encrypted).toBe(false);
    const read = await api.read(id);
    expect(read.json).toMatchObject({ encrypted: false, html: "<p>plain <em>text</em></p>" });
  });

  test("refuses what is not an envelope, and fields that have no place beside one", async ({ api }) => {
    const { envelope } = await sealNote("x");
    const cases: [Record<string, unknown>, number, string][] = [
      [{ content: "plain text", encrypted: true, ttl }, 400, "bad_envelope"],
      [{ content: envelope.replace(/^v1\./, "v2."), encrypted: true, ttl }, 400, "bad_envelope"],
      [{ content: envelope.replace(".key.", ".none."), encrypted: true, ttl }, 400, "bad_envelope"],
      [{ content: `${envelope}.extra`, encrypted: true, ttl }, 400, "bad_envelope"],
      [{ encrypted: true, ttl }, 400, "empty_content"],
      [{ content: "", encrypted: true, ttl }, 400, "empty_content"],
      [{ pages: [{ content: envelope }], encrypted: true, ttl }, 400, "bad_pages"],
      [{ content: envelope, format: "html", encrypted: true, ttl }, 400, "bad_content_type"],
      [{ content: envelope, encrypted: "yes", ttl }, 400, "bad_json"],
      [{ content: envelope, encrypted: true }, 400, "bad_ttl"],
      [{ content: envelope, encrypted: true, ttl, burn_after: 0 }, 400, "bad_burn_after"],
    ];
    for (const [body, status, code] of cases) {
      await expectError(api.create(body), status, code);
    }
    // The size limit is on the envelope's bytes (524,288); lengths that are well-formed envelopes.
    const header = envelope.split(".").slice(0, 4).join(".");
    const fill = (bytes: number) => `${header}.${"A".repeat(bytes - header.length - 1)}`;
    const atLimit = await api.create({ content: fill(524_287), encrypted: true, ttl });
    expect(atLimit.response.status()).toBe(201);
    await expectError(api.create({ content: fill(524_290), encrypted: true, ttl }), 413, "too_large");
  });

  test("burns after N reads like any note", async ({ api }) => {
    const { envelope } = await sealNote("twice");
    const id = await api.createId({ content: envelope, encrypted: true, ttl, burn_after: 2 });
    expect((await api.read(id)).json).toMatchObject({ remaining_views: 1, burned: false, content: envelope });
    expect((await api.meta(id)).json).toMatchObject({ remaining_views: 1, encrypted: true });
    expect((await api.read(id)).json).toMatchObject({ remaining_views: 0, burned: true, content: envelope });
    await expectError(api.read(id), 404, "not_found");
    await expectError(api.meta(id), 404, "not_found");
  });

  test("the server still checks the password before a view counts", async ({ api }) => {
    const { envelope, key } = await sealNote("guarded", { password: "pw1" });
    const id = await api.createId({
      content: envelope,
      encrypted: true,
      ttl,
      burn_after: 1,
      password: "pw1",
    });
    expect((await api.meta(id)).json).toMatchObject({ password_required: true, encrypted: true });
    await expectError(api.read(id), 401, "bad_password");
    await expectError(api.read(id, { password: "pw2" }), 401, "bad_password");
    expect((await api.meta(id)).json.remaining_views).toBe(1);
    const read = await api.read(id, { password: "pw1" });
    expect(read.json).toMatchObject({ content: envelope, burned: true });
    expect((await openNote(envelope, key, "pw1")).pages[0]?.content).toBe("guarded");
  });

  test("the owner deletes it: by delete token, and by key", async ({ api, request }) => {
    const { envelope } = await sealNote("x");
    const created = await api.create({ content: envelope, encrypted: true, ttl });
    const token = created.json.delete_token as string;
    const byToken = await request.delete(`/api/v1/shares/${created.json.id}`, {
      headers: { "x-delete-token": token },
    });
    expect(byToken.status()).toBe(204);
    await expectError(api.read(created.json.id as string), 404, "not_found");

    const key = await issueKey();
    const keyed = await api.create(
      { content: envelope, encrypted: true, permanent: true },
      { "x-api-key": key },
    );
    expect(keyed.json).toMatchObject({ encrypted: true, owned: true, expires_at: null });
    const byKey = await request.delete(`/api/v1/shares/${keyed.json.id}`, { headers: { "x-api-key": key } });
    expect(byKey.status()).toBe(204);
  });
});
