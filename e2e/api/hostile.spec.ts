import { expect, expectError, test } from "../support/fixtures";

// Nothing a client sends may produce a 500 or be stored as something other than what was sent.
test.describe("hostile input", () => {
  test("NUL characters are refused with bad_json, in content, titles and passwords' notes", async ({
    api,
  }) => {
    await expectError(api.create({ content: "a\u0000b", ttl: "1h" }), 400, "bad_json");
    await expectError(
      api.create({ ttl: "1h", pages: [{ title: "t\u0000", content: "c" }] }),
      400,
      "bad_json",
    );
    await expectError(api.create({ ttl: "1h", pages: [{ content: "\u0000" }] }), 400, "bad_json");
    await expectError(api.create({ content: "x", ttl: "1h", password: "p\u0000" }), 400, "bad_json");
  });

  test("lone surrogates are refused with bad_json; invalid UTF-8 bytes too", async ({ api, request }) => {
    await expectError(api.create('{"content":"a\\ud800b","ttl":"1h"}'), 400, "bad_json");
    await expectError(api.create('{"content":"\\udfff","ttl":"1h"}'), 400, "bad_json");
    const response = await request.post("/api/v1/shares", {
      headers: { "content-type": "application/json" },
      data: Buffer.concat([
        Buffer.from('{"content":"'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('","ttl":"1h"}'),
      ]),
    });
    expect(response.status()).toBe(400);
    expect((await response.json()).error).toBe("bad_json");
  });

  test("astral characters and emoji round-trip exactly", async ({ api }) => {
    const content = "𝕳𝖊𝖑𝖑𝖔 👩‍👩‍👧 \u200d\ufeff tab\t";
    const id = await api.createId({ content, ttl: "1h" });
    expect((await api.read(id)).json.content).toBe(content);
  });

  test("a 6 MB body is refused before parsing with 413 too_large", async ({ api }) => {
    await expectError(
      api.create(`{"content":"${"a".repeat(6 * 1024 * 1024)}","ttl":"1h"}`),
      413,
      "too_large",
    );
  });

  test("a body just over 2 MiB is too_large even when the content would be small JSON", async ({ api }) => {
    const padding = " ".repeat(2 * 1024 * 1024);
    await expectError(api.create(`{"content":"x","ttl":"1h"}${padding}`), 413, "too_large");
  });

  test("a note whose rendering would take gigabytes is stored as plain text, and the server renders on", async ({
    api,
  }) => {
    // 512 KiB of one-line list items: over 1 GiB of syntax tree, past the render worker's heap. The
    // shared test servers put the render timeout ten minutes off, so only the heap can stop it.
    const content = "- a & b\n".repeat(65_536);
    const { response, json } = await api.create({ content, ttl: "1h" });
    expect(response.status()).toBe(201);
    const read = await api.read(json.id as string);
    expect(read.json.content).toBe(content);
    expect(read.json.html).toBe(`<pre>${"- a &amp; b\n".repeat(65_536)}</pre>`);
    const next = await api.create({ content: "*ok*", ttl: "1h" });
    expect((await api.read(next.json.id as string)).json.html).toBe("<p><em>ok</em></p>");
  });

  test("100,000-deep nested JSON answers 400, not 500", async ({ api }) => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    await expectError(api.create(`{"content":${deep},"ttl":"1h"}`), 400, "empty_content");
    const deepObject = '{"a":'.repeat(100_000) + "1" + "}".repeat(100_000);
    await expectError(api.create(`{"content":"x","ttl":"1h","password":${deepObject}}`), 400, "bad_json");
    await expectError(api.create(deep), 400, "bad_json");
  });

  test("__proto__ and constructor keys are unknown fields, refused, and change nothing", async ({ api }) => {
    await expectError(
      api.create(
        '{"content":"x","ttl":"1h","__proto__":{"permanent":true,"burn_after":1},"constructor":{"prototype":{"x":1}}}',
      ),
      400,
      "unknown_field",
    );
    await expectError(api.create('{"__proto__":{"content":"x","ttl":"1h"}}'), 400, "unknown_field");
    const id = await api.createId({ content: "x", ttl: "1h" });
    await expectError(api.read(id, '{"__proto__":{"password":"x"},"constructor":1}'), 400, "unknown_field");
    expect((await api.read(id)).response.status()).toBe(200);
  });

  const wrongTypes = [0, 1.5, true, false, null, "", "s", [], [1], {}, { a: 1 }];
  const fields: [string, string][] = [
    ["content", "empty_content"],
    ["ttl", "bad_ttl"],
    ["burn_after", "bad_burn_after"],
    ["format", "bad_content_type"],
    ["permanent", "bad_json"],
    ["password", "bad_json"],
    ["pages", "bad_pages"],
  ];
  for (const [field, code] of fields) {
    test(`wrong types in ${field} give 4xx ${code} or succeed, never 5xx`, async ({ api }) => {
      for (const value of wrongTypes) {
        const body: Record<string, unknown> = { content: "x", ttl: "1h", [field]: value };
        if (field === "pages") delete body.content;
        const { response, json } = await api.create(body);
        expect(response.status(), `${field}=${JSON.stringify(value)}`).toBeLessThan(500);
        if (response.status() !== 201) expect(json.error, `${field}=${JSON.stringify(value)}`).toBe(code);
      }
    });
  }

  test("odd headers: no content type, a wrong content type, a charset", async ({ request }) => {
    const body = JSON.stringify({ content: "x", ttl: "1h" });
    for (const contentType of [undefined, "text/plain", "application/json; charset=utf-8", "x/y; ;;"]) {
      const response = await request.post("/api/v1/shares", {
        headers: contentType ? { "content-type": contentType } : {},
        data: Buffer.from(body),
      });
      expect(response.status(), String(contentType)).toBe(201);
    }
  });
});
