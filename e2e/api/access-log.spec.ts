import type { APIRequestContext } from "@playwright/test";
import { expect, expectError, issueKey, test } from "../support/fixtures";

// GET /api/v1/shares/<id>/events: a note's access log, for its owner (the key that created it, or
// the holder of its delete token) only, kept after the note is burned or deleted (expiry and the log's own purge:
// lib/notes/note-events.test.ts).

const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0";

const events = async (request: APIRequestContext, id: string, headers: Record<string, string> = {}) => {
  const response = await request.get(`/api/v1/shares/${id}/events`, { headers });
  return { response, json: (await response.json()) as Record<string, unknown> };
};

type Entry = {
  type: string;
  at: number;
  remaining_views: number | null;
  client: string | null;
  browser: string | null;
};
const entriesOf = (json: Record<string, unknown>) => json.events as Entry[];

test.describe("GET /api/v1/shares/{id}/events", () => {
  test("a keyless note: its delete token reads the log after the burn; anyone else is not_found", async ({
    api,
    request,
  }) => {
    const { json } = await api.create({ content: "s", ttl: "1h", burn_after: 2, password: "pw" });
    const id = json.id as string;
    const token = json.delete_token as string;
    await expectError(
      api.read(id, { password: "wrong" }, { "user-agent": "curl/8.5.0" }),
      401,
      "bad_password",
    );
    expect((await api.read(id, { password: "pw" }, { "user-agent": firefox })).json.remaining_views).toBe(1);
    expect((await api.read(id, { password: "pw" }, { "user-agent": firefox })).json.burned).toBe(true);
    await expectError(api.meta(id), 404, "not_found");

    const { response, json: log } = await events(request, id, { "x-delete-token": token });
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    const entries = entriesOf(log);
    expect(log.id).toBe(id);
    // It asked for no email and its creator has no targets: nothing fails.
    expect(log.notify_email).toBeNull();
    expect(log.notify_targets).toEqual([]);
    expect(entries.map(({ type, remaining_views, browser }) => ({ type, remaining_views, browser }))).toEqual(
      [
        { type: "created", remaining_views: 2, browser: null },
        { type: "password_failed", remaining_views: 2, browser: "curl" },
        { type: "read", remaining_views: 1, browser: "Firefox" },
        { type: "read", remaining_views: 0, browser: "Firefox" },
        { type: "burned", remaining_views: 0, browser: null },
      ],
    );
    // One reader (this test's address) on one day: one fingerprint, never the address itself.
    const clients = entries.map((entry) => entry.client);
    expect(clients[0]).toBeNull();
    expect(clients[4]).toBeNull();
    expect(clients[1]).toMatch(/^[0-9a-f]{8}$/);
    expect(new Set(clients.slice(1, 4)).size).toBe(1);
    expect(JSON.stringify(log)).not.toContain("127.0.0.1");
    expect(entries[0]?.at).toBe(json.created_at);

    const other = await api.create({ content: "other", ttl: "1h" });
    const strangerKey = await issueKey();
    const attempts: Record<string, string>[] = [
      {},
      { "x-delete-token": other.json.delete_token as string },
      { "x-delete-token": "ndt_short" },
      { "x-api-key": strangerKey },
    ];
    for (const headers of attempts) {
      await expectError(events(request, id, headers), 404, "not_found");
    }
    await expectError(events(request, "zzzzzzzzzz", { "x-delete-token": token }), 404, "not_found");
    await expectError(events(request, id, { "x-api-key": "nk_bogus" }), 401, "bad_api_key");
  });

  test("a keyed note: its key reads the log, deleted included; another key is not_found", async ({
    api,
    request,
  }) => {
    const owner = await issueKey();
    const stranger = await issueKey();
    const id = await api.createId({ content: "mine", permanent: true }, { "x-api-key": owner });
    expect((await api.read(id)).response.status()).toBe(200);
    expect((await request.delete(`/api/v1/shares/${id}`, { headers: { "x-api-key": owner } })).status()).toBe(
      204,
    );

    const { response, json } = await events(request, id, { authorization: `Bearer ${owner}` });
    expect(response.status()).toBe(200);
    expect(entriesOf(json).map((entry) => [entry.type, entry.remaining_views])).toEqual([
      ["created", null],
      ["read", null],
      ["deleted", null],
    ]);
    await expectError(events(request, id, { "x-api-key": stranger }), 404, "not_found");
    await expectError(events(request, id), 404, "not_found");
  });
});
