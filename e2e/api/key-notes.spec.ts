import { sealNote } from "../../lib/crypto/envelope";
import { expect, expectError, issueKey, test } from "../support/fixtures";

// GET /api/v1/shares with a key: the key's notes, newest first, a page at a time, with their status
// (live, burned, deleted, expired), whether each is end-to-end encrypted, and never their content.

test("a key lists its own notes newest first, paginated, with their status", async ({ api, request }) => {
  const key = await issueKey();
  const headers = { "x-api-key": key };
  const live = await api.createId({ content: "live text", ttl: "1h", burn_after: 3 }, headers);
  await api.read(live);
  const burned = await api.createId({ content: "burned text", permanent: true, burn_after: 1 }, headers);
  await api.read(burned);
  const { envelope } = await sealNote("deleted text");
  // End to end encrypted, and still known to be once its row is gone.
  const deleted = await api.createId({ content: envelope, encrypted: true, ttl: "1d" }, headers);
  expect((await request.delete(`/api/v1/shares/${deleted}`, { headers })).status()).toBe(204);
  await api.createId({ content: "someone else's", ttl: "1h" }, { "x-api-key": await issueKey() });
  await api.createId({ content: "keyless", ttl: "1h" });

  const page = async (query: string) => {
    const response = await request.get(`/api/v1/shares${query}`, { headers });
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    return (await response.json()) as { notes: Record<string, unknown>[]; next_cursor: string | null };
  };
  const first = await page("?limit=2");
  const summary = (note: Record<string, unknown>) => [
    note.id,
    note.status,
    note.remaining_views,
    note.burn_after,
    note.encrypted,
  ];
  expect(first.notes.map(summary)).toEqual([
    [deleted, "deleted", 0, null, true],
    [burned, "burned", 0, 1, false],
  ]);
  expect(first.next_cursor).toMatch(/^\d+$/);
  const second = await page(`?limit=2&cursor=${first.next_cursor}`);
  expect(second.notes).toEqual([
    {
      id: live,
      url: expect.stringMatching(new RegExp(`/${live}$`)),
      status: "live",
      created_at: expect.any(Number),
      expires_at: expect.any(Number),
      burn_after: 3,
      remaining_views: 2,
      encrypted: false,
      recipients: 0,
    },
  ]);
  expect(second.next_cursor).toBeNull();
  expect((await page("")).notes.map((note) => note.id)).toEqual([deleted, burned, live]);
  expect(JSON.stringify([first, second])).not.toContain("text");
  expect(JSON.stringify([first, second])).not.toContain(envelope);

  const list = async (query: string, listHeaders: Record<string, string>) => {
    const response = await request.get(`/api/v1/shares${query}`, { headers: listHeaders });
    return { response, json: (await response.json()) as Record<string, unknown> };
  };
  await expectError(list("", {}), 401, "api_key_required");
  await expectError(list("", { "x-api-key": "nope" }), 401, "bad_api_key");
  for (const query of ["?limit=0", "?limit=101", "?limit=x", "?cursor=abc", "?cursor=0"]) {
    await expectError(list(query, headers), 400, "bad_query");
  }
});
