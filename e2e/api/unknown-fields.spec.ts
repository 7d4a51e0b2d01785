import type { APIRequestContext } from "@playwright/test";
import { expect, expectError, issueKey, test } from "../support/fixtures";

// A JSON body with a field its route does not know is refused with 400 unknown_field, naming the
// field with its path, and nothing happens: a misspelled "password" used to create an unprotected
// note. Each check uses a fresh key, whose list of notes or webhooks shows that nothing was made.

const keyNotes = async (request: APIRequestContext, key: string) => {
  const response = await request.get("/api/v1/shares", { headers: { "x-api-key": key } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { notes: unknown[] }).notes;
};

async function expectUnknownField(result: Parameters<typeof expectError>[0], field: string): Promise<void> {
  await expectError(result, 400, "unknown_field");
  const { json } = await result;
  expect(json.message).toBe(`Unknown field "${field}": this route does not take it.`);
}

test.describe("unknown fields", () => {
  test("create: a misspelled top-level field is refused and no note is made", async ({ api, request }) => {
    const key = await issueKey();
    const headers = { "x-api-key": key };
    await expectUnknownField(api.create({ content: "x", ttl: "1h", pasword: "s" }, headers), "pasword");
    // The typo wins over what it leaves missing: not empty_content.
    await expectUnknownField(api.create({ contnet: "x", ttl: "1h" }, headers), "contnet");
    await expectUnknownField(
      api.create({ content: "x", permanent: true, burn_afer: 1, password: "s" }, headers),
      "burn_afer",
    );
    expect(await keyNotes(request, key)).toEqual([]);
  });

  test("create: a field inside a page is named with its path", async ({ api, request }) => {
    const key = await issueKey();
    const pages = [
      { title: "a", content: "A" },
      { titel: "b", content: "B" },
    ];
    await expectUnknownField(api.create({ ttl: "1h", pages }, { "x-api-key": key }), "pages[1].titel");
    const { json } = await api.create({ ttl: "1h", content: "x", a: 1, b: 2 }, { "x-api-key": key });
    expect(json).toEqual({
      error: "unknown_field",
      message: 'Unknown fields "a", "b": this route does not take them.',
    });
    expect(await keyNotes(request, key)).toEqual([]);
  });

  test("read: a misspelled password is refused before it counts a view or a wrong password", async ({
    api,
  }) => {
    const id = await api.createId({
      content: "secret",
      ttl: "1h",
      password: "s",
      burn_after: 2,
      burn_after_failures: 1,
    });
    await expectUnknownField(api.read(id, { pasword: "s" }), "pasword");
    await expectUnknownField(api.read(id, { password: "s", extra: true }), "extra");
    // Neither spent a view nor the one wrong password allowed.
    expect((await api.meta(id)).json).toMatchObject({ remaining_views: 2 });
    const read = await api.read(id, { password: "s" });
    expect(read.response.status()).toBe(200);
    expect(read.json).toMatchObject({ content: "secret", remaining_views: 1 });
  });

  test("webhooks: an unknown field is refused and no webhook is added", async ({ request }) => {
    const key = await issueKey();
    const headers = { "x-api-key": key };
    const response = await request.post("/api/v1/webhooks", {
      headers,
      data: { url: "http://127.0.0.1:9/", events: ["note.read"], secret: "mine" },
    });
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({
      error: "unknown_field",
      message: 'Unknown field "secret": this route does not take it.',
    });
    const list = await request.get("/api/v1/webhooks", { headers });
    expect(await list.json()).toEqual({ webhooks: [] });
  });
});
