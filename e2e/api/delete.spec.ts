import type { APIRequestContext } from "@playwright/test";
import type pg from "pg";
import { expect, expectError, issueKey, test } from "../support/fixtures";

// DELETE /api/v1/shares/<id>: the key that created a note, or the note's delete token, takes it
// down; every other attempt is the same not_found as an unknown note.

const remove = async (request: APIRequestContext, id: string, headers: Record<string, string> = {}) => {
  const response = await request.delete(`/api/v1/shares/${id}`, { headers });
  return {
    response,
    json: response.status() === 204 ? {} : ((await response.json()) as Record<string, unknown>),
  };
};

async function expectGone(sql: pg.Pool, id: string) {
  const { rows } = await sql.query(
    "SELECT (SELECT count(*)::int FROM shares WHERE id = $1) AS shares, (SELECT count(*)::int FROM share_pages WHERE share_id = $1) AS pages",
    [id],
  );
  expect(rows[0]).toEqual({ shares: 0, pages: 0 });
}

async function expectDeleted(response: { response: { status(): number; text(): Promise<string> } }) {
  expect(response.response.status()).toBe(204);
  expect(await response.response.text()).toBe("");
}

test.describe("DELETE /api/v1/shares/{id}", () => {
  test("a keyless note's delete token deletes it: 204, then meta, read and delete are 404", async ({
    api,
    request,
    sql,
  }) => {
    const { json } = await api.create({ ttl: "1h", pages: [{ content: "a" }, { content: "b" }] });
    const id = json.id as string;
    const token = json.delete_token as string;
    expect(token).toMatch(/^ndt_[A-Za-z0-9]{43}$/);
    const { rows } = await sql.query("SELECT delete_token_hash FROM shares WHERE id = $1", [id]);
    expect(rows[0].delete_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].delete_token_hash).not.toContain(token.slice(4));

    await expectDeleted(await remove(request, id, { "x-delete-token": token }));
    await expectGone(sql, id);
    await expectError(api.meta(id), 404, "not_found");
    await expectError(api.read(id), 404, "not_found");
    await expectError(remove(request, id, { "x-delete-token": token }), 404, "not_found");
  });

  test("a token opens only its own note; missing, empty or malformed tokens are not_found", async ({
    api,
    request,
  }) => {
    const first = await api.create({ content: "first", ttl: "1h" });
    const second = await api.create({ content: "second", ttl: "1h" });
    const secondId = second.json.id as string;
    const attempts: Record<string, string>[] = [
      {},
      { "x-delete-token": first.json.delete_token as string },
      { "x-delete-token": "" },
      { "x-delete-token": "ndt_short" },
      { "x-delete-token": (second.json.delete_token as string).slice(0, -1) + "!" },
    ];
    for (const headers of attempts) {
      await expectError(remove(request, secondId, headers), 404, "not_found");
    }
    expect((await api.meta(secondId)).response.status()).toBe(200);
    expect((await api.read(secondId)).json.content).toBe("second");
  });

  test("a keyed note: its own key deletes it; another key or none is not_found; a bad key is 401", async ({
    api,
    request,
    sql,
  }) => {
    const owner = await issueKey();
    const stranger = await issueKey();
    const { json } = await api.create({ content: "mine", permanent: true }, { "x-api-key": owner });
    const id = json.id as string;
    expect(json.delete_token).toBeNull();
    const { rows } = await sql.query("SELECT delete_token_hash FROM shares WHERE id = $1", [id]);
    expect(rows[0].delete_token_hash).toBeNull();

    await expectError(remove(request, id), 404, "not_found");
    await expectError(remove(request, id, { "x-api-key": stranger }), 404, "not_found");
    await expectError(remove(request, id, { authorization: `Bearer ${stranger}` }), 404, "not_found");
    await expectError(remove(request, id, { "x-api-key": "nope" }), 401, "bad_api_key");
    await expectError(remove(request, id, { "x-api-key": `nsk_${"A".repeat(43)}` }), 401, "bad_api_key");
    expect((await api.meta(id)).response.status()).toBe(200);

    await expectDeleted(await remove(request, id, { authorization: `Bearer ${owner}` }));
    await expectGone(sql, id);
    await expectError(api.meta(id), 404, "not_found");
    await expectError(remove(request, id, { "x-api-key": owner }), 404, "not_found");
  });

  test("a key does not delete a keyless note; a bad key is 401 even with the right token", async ({
    api,
    request,
  }) => {
    const key = await issueKey();
    const { json } = await api.create({ content: "anonymous", ttl: "1h" });
    const id = json.id as string;
    const token = json.delete_token as string;
    await expectError(remove(request, id, { "x-api-key": key }), 404, "not_found");
    await expectError(
      remove(request, id, { "x-api-key": "nope", "x-delete-token": token }),
      401,
      "bad_api_key",
    );
    // A valid key that is not the owner does not get in the way of the note's own token.
    await expectDeleted(await remove(request, id, { "x-api-key": key, "x-delete-token": token }));
  });

  test("expired, burned, unknown and malformed ids are all not_found, even with the right token", async ({
    api,
    request,
    sql,
  }) => {
    const expired = await api.create({ content: "old", ttl: "1h" });
    await sql.query("UPDATE shares SET expires_at = now() - interval '1 second' WHERE id = $1", [
      expired.json.id,
    ]);
    const burned = await api.create({ content: "once", ttl: "1h", burn_after: 1 });
    expect((await api.read(burned.json.id as string)).json.burned).toBe(true);
    for (const note of [expired, burned]) {
      await expectError(
        remove(request, note.json.id as string, { "x-delete-token": note.json.delete_token as string }),
        404,
        "not_found",
      );
    }
    const { rows } = await sql.query("SELECT count(*)::int AS n FROM shares WHERE id = ANY($1)", [
      [expired.json.id, burned.json.id],
    ]);
    expect(rows[0].n).toBe(2);
    await expectError(
      remove(request, "AAAAAAAAAA", { "x-delete-token": `ndt_${"a".repeat(43)}` }),
      404,
      "not_found",
    );
    await expectError(remove(request, "not-an-id"), 404, "not_found");
  });

  test("other methods on a note's URL are a JSON 405 method_not_allowed that names DELETE", async ({
    api,
    request,
  }) => {
    const id = await api.createId({ content: "x", ttl: "1h" });
    for (const method of ["GET", "POST", "PUT", "PATCH"]) {
      const response = await request.fetch(`/api/v1/shares/${id}`, { method });
      expect(response.status(), method).toBe(405);
      expect(response.headers().allow, method).toBe("DELETE, OPTIONS");
      expect(await response.json()).toEqual({
        error: "method_not_allowed",
        message: "This path answers DELETE only.",
      });
    }
    expect((await api.meta(id)).response.status()).toBe(200);
  });
});
