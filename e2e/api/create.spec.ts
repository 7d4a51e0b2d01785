import { expect, issueKey, test } from "../support/fixtures";

const now = () => Math.floor(Date.now() / 1000);

test.describe("POST /api/v1/shares", () => {
  test("creates a Markdown note and answers 201 with every field", async ({ api, baseURL }) => {
    const before = now();
    const { response, json } = await api.create({ content: "# Hello\n\n**world**", ttl: "1h" });
    expect(response.status()).toBe(201);
    expect(response.headers()["content-type"]).toBe("application/json; charset=utf-8");
    const id = json.id as string;
    expect(id).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(response.headers()["location"]).toBe(`${baseURL}/api/v1/shares/${id}/meta`);
    expect(Object.keys(json).sort()).toEqual(
      [
        "api_key",
        "burn_after",
        "content_type",
        "created_at",
        "delete_token",
        "encrypted",
        "expires_at",
        "id",
        "owned",
        "page_count",
        "password_required",
        "url",
      ].sort(),
    );
    expect(json).toMatchObject({
      url: `${baseURL}/${id}`,
      burn_after: null,
      password_required: false,
      content_type: "markdown",
      page_count: 1,
      encrypted: false,
      owned: false,
      api_key: false,
    });
    const createdAt = json.created_at as number;
    expect(createdAt).toBeGreaterThanOrEqual(before - 1);
    expect(createdAt).toBeLessThanOrEqual(now() + 1);
    expect(json.expires_at).toBe(createdAt + 3600);
  });

  for (const [ttl, seconds] of [
    ["1h", 3600],
    ["1d", 86400],
    ["7d", 604800],
    ["30d", 2592000],
  ] as const) {
    test(`ttl ${ttl} expires ${seconds} s after creation`, async ({ api }) => {
      const { json } = await api.create({ content: "x", ttl });
      expect((json.expires_at as number) - (json.created_at as number)).toBe(seconds);
    });
  }

  test("renders Markdown once, at create time, and stores the sanitized HTML", async ({ api, sql }) => {
    const id = await api.createId({
      content:
        "| a | b |\n|---|---|\n| 1 | 2 |\n\n~~gone~~ <script>alert(1)</script>[x](javascript:alert(1))",
      ttl: "1h",
    });
    const { rows } = await sql.query("SELECT html FROM share_pages WHERE share_id = $1", [id]);
    const html = rows[0].html as string;
    expect(html).toContain("<table>");
    expect(html).toContain("<del>gone</del>");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("javascript:");
    const { json } = await api.read(id);
    expect(json.html).toBe(html);
  });

  test("burn_after and password are reflected, the password is stored only as scrypt", async ({
    api,
    sql,
  }) => {
    const { json } = await api.create({ content: "s", ttl: "1d", burn_after: 3, password: "hunter2" });
    expect(json).toMatchObject({ burn_after: 3, password_required: true });
    const { rows } = await sql.query("SELECT password_hash FROM shares WHERE id = $1", [json.id]);
    expect(rows[0].password_hash).toMatch(/^scrypt\$16384\$8\$5\$[\w-]{22}\$[\w-]{43}$/);
    expect(rows[0].password_hash).not.toContain("hunter2");
  });

  test("an empty password means no password; burn_after null means no limit", async ({ api }) => {
    const { json } = await api.create({ content: "s", ttl: "1h", password: "", burn_after: null });
    expect(json).toMatchObject({ password_required: false, burn_after: null });
  });

  test("without a key, html is processed as Markdown and permanent is ignored", async ({ api }) => {
    const { response, json } = await api.create({
      content: "<b>bold</b> *em*",
      format: "html",
      ttl: "1h",
      permanent: true,
    });
    expect(response.status()).toBe(201);
    expect(json).toMatchObject({ content_type: "markdown", owned: false, api_key: false });
    expect(json.expires_at).toBe((json.created_at as number) + 3600);
    const read = await api.read(json.id as string);
    expect(read.json.html).toBe("<p><b>bold</b> <em>em</em></p>");
  });

  test("with a key, permanent and HTML are honoured and the note is owned", async ({ api }) => {
    const key = await issueKey();
    const { response, json } = await api.create(
      {
        content: '<p style="color: red; position: fixed">hi</p><img src=x onerror=alert(1)>',
        format: "html",
        permanent: true,
      },
      { "x-api-key": key },
    );
    expect(response.status()).toBe(201);
    expect(json).toMatchObject({ content_type: "html", expires_at: null, owned: true, api_key: true });
    const read = await api.read(json.id as string);
    expect(read.json).toMatchObject({ content_type: "html", expires_at: null });
    expect(read.json.html).toBe('<p style="color:red">hi</p><img>');
    const meta = await api.meta(json.id as string);
    expect(meta.json.expires_at).toBeNull();
  });

  test("Authorization: Bearer works too, and X-API-Key wins when both are sent", async ({ api }) => {
    const key = await issueKey();
    const bearer = await api.create({ content: "b", permanent: true }, { authorization: `Bearer ${key}` });
    expect(bearer.json).toMatchObject({ expires_at: null, owned: true });
    const both = await api.create(
      { content: "b", permanent: true },
      { "x-api-key": key, authorization: "Bearer nsk_wrongwrongwrongwrongwrongwrongwrongwrongwro" },
    );
    expect(both.response.status()).toBe(201);
  });

  test("with a key, ttl still applies when permanent is false", async ({ api }) => {
    const key = await issueKey();
    const { json } = await api.create({ content: "k", ttl: "7d" }, { "x-api-key": key });
    expect(json.expires_at).toBe((json.created_at as number) + 604800);
  });

  test("multi-page notes: pages in order, page HTML always sanitized, one page count", async ({ api }) => {
    const { response, json } = await api.create({
      ttl: "1h",
      pages: [
        { title: "Intro", content: "# One" },
        { title: "Raw", content: "<h2 onclick=x>Two</h2><iframe src=//e.com></iframe>", format: "html" },
        { content: "three" },
      ],
    });
    expect(response.status()).toBe(201);
    expect(json).toMatchObject({ page_count: 3, content_type: "markdown" });
    const read = await api.read(json.id as string);
    expect(read.json.pages).toEqual([
      {
        index: 0,
        title: "Intro",
        content: "# One",
        content_type: "markdown",
        html: '<h1 id="user-content-one">One</h1>',
      },
      {
        index: 1,
        title: "Raw",
        content: "<h2 onclick=x>Two</h2><iframe src=//e.com></iframe>",
        content_type: "html",
        html: "<h2>Two</h2>",
      },
      { index: 2, title: "", content: "three", content_type: "markdown", html: "<p>three</p>" },
    ]);
    expect(read.json).toMatchObject({
      content: "# One",
      content_type: "markdown",
      html: '<h1 id="user-content-one">One</h1>',
    });
  });

  test("the size limit counts UTF-8 bytes: 512,000 bytes pass, 524,289 do not", async ({ api }) => {
    const accepted = await api.create({ content: "a".repeat(512_000), ttl: "1h" });
    expect(accepted.response.status()).toBe(201);
    const exact = await api.create({ content: "é".repeat(262_144), ttl: "1h" });
    expect(exact.response.status()).toBe(201);
    const over = await api.create({ content: "é".repeat(262_144) + "a", ttl: "1h" });
    expect(over.response.status()).toBe(413);
    expect(over.json.error).toBe("too_large");
    const pages = await api.create({
      ttl: "1h",
      pages: [
        { title: "t".repeat(24_288), content: "a".repeat(250_000) },
        { title: "", content: "€".repeat(83_334) },
      ],
    });
    expect(pages.response.status()).toBe(413);
    expect(pages.json.error).toBe("too_large");
  });

  test("100 pages are accepted", async ({ api }) => {
    const pages = Array.from({ length: 100 }, (_, i) => ({ title: `p${i}`, content: `page ${i}` }));
    const { response, json } = await api.create({ ttl: "1h", pages });
    expect(response.status()).toBe(201);
    expect(json.page_count).toBe(100);
    const read = await api.read(json.id as string);
    expect((read.json.pages as { index: number }[]).map((page) => page.index)).toEqual(
      Array.from({ length: 100 }, (_, i) => i),
    );
  });
});
