import type { APIResponse } from "@playwright/test";
import { generateRequestKeys } from "../../lib/crypto/request-envelope";
import { purgeRequestsSql } from "../../lib/requests/request-sql";
import { expect, expectError, test } from "../support/fixtures";
import { answer, createRequest, jsonOf, openedAnswer } from "../support/requests";

// The requests API over real HTTP against the shared test server: what each party sees, every error
// code, exactly N answers under parallel answering, expiry and cleanup. Answers are sealed and opened
// with the same envelope module the pages and the CLI use; the server only ever sees envelopes.

const unixNow = () => Math.floor(Date.now() / 1000);
const withJson = (response: Promise<APIResponse>) =>
  response.then(async (r) => ({ response: r, json: await jsonOf(r) }));

test.describe("requests", () => {
  test("a requester creates, a responder answers, the requester lists, opens, burns and deletes", async ({
    request,
    sql,
  }) => {
    const keys = await generateRequestKeys();
    const created = await request.post("/api/v1/requests", {
      data: {
        title: "  VPN password  ",
        instructions: "The one for the office VPN.",
        answers: 2,
        ttl: "1h",
        public_key: keys.publicKey,
        owner_proof: keys.ownerProof,
      },
    });
    expect(created.status()).toBe(201);
    const json = await jsonOf(created);
    const id = String(json.id);
    expect(json).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9]{10}$/),
      url: `${new URL(created.url()).origin}/requests/${id}`,
      created_at: expect.any(Number),
      expires_at: Number(json.created_at) + 3600,
      answers: 2,
      files_allowed: false,
    });
    expect(created.headers().location).toBe(`${new URL(created.url()).origin}/api/v1/requests/${id}`);
    const owner = { "x-owner-proof": keys.ownerProof };
    const requester = { id, url: String(json.url), ...keys, owner };

    const shown = await request.get(`/api/v1/requests/${id}`);
    expect(shown.status()).toBe(200);
    expect(shown.headers()["cache-control"]).toBe("no-store");
    expect(await jsonOf(shown)).toEqual({
      id,
      title: "VPN password",
      instructions: "The one for the office VPN.",
      public_key: keys.publicKey,
      status: "open",
      answers: 2,
      answers_left: 2,
      files_allowed: false,
      created_at: json.created_at,
      expires_at: json.expires_at,
    });

    const first = await answer(request, requester, "correct horse battery staple");
    expect(first.status()).toBe(201);
    expect(await jsonOf(first)).toEqual({ number: 1, created_at: expect.any(Number), answers_left: 1 });
    expect(Math.abs(Number((await jsonOf(first)).created_at) - unixNow())).toBeLessThan(60);

    const listed = await request.get(`/api/v1/requests/${id}/answers`, { headers: owner });
    expect(listed.status()).toBe(200);
    expect(listed.headers()["cache-control"]).toBe("no-store");
    const list = await jsonOf(listed);
    expect(list).toEqual({
      status: "open",
      answers_left: 1,
      answers: [
        {
          number: 1,
          created_at: expect.any(Number),
          read_at: null,
          client: expect.stringMatching(/^[0-9a-f]{8}$/),
          browser: "other",
          file_count: 0,
          files_pending: false,
        },
      ],
    });

    expect(await openedAnswer(request, requester, 1)).toEqual({ text: "correct horse battery staple" });
    const reread = await jsonOf(await request.get(`/api/v1/requests/${id}/answers/1`, { headers: owner }));
    expect(reread.read_at).toEqual(expect.any(Number));
    expect(reread.envelope).toMatch(/^r1\./);
    expect(reread.files).toEqual([]);

    // The database holds the envelope, never the text; the title is sealed at rest.
    const { rows } = await sql.query("SELECT envelope FROM request_answers WHERE request_id = $1", [id]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain("battery");
    const stored = await sql.query("SELECT title, instructions FROM requests WHERE id = $1", [id]);
    expect(JSON.stringify(stored.rows)).not.toContain("VPN");

    // Burn it after reading: gone for good, and it still counts against the answers.
    expect((await request.delete(`/api/v1/requests/${id}/answers/1`, { headers: owner })).status()).toBe(204);
    expect((await request.get(`/api/v1/requests/${id}/answers/1`, { headers: owner })).status()).toBe(404);
    expect((await request.delete(`/api/v1/requests/${id}/answers/1`, { headers: owner })).status()).toBe(404);
    expect((await jsonOf(await request.get(`/api/v1/requests/${id}`))).answers_left).toBe(1);

    expect((await answer(request, requester, "second")).status()).toBe(201);
    expect((await request.delete(`/api/v1/requests/${id}`, { headers: owner })).status()).toBe(204);
    await expectError(withJson(request.get(`/api/v1/requests/${id}`)), 404, "not_found");
    const left = await sql.query("SELECT count(*)::int AS n FROM request_answers WHERE request_id = $1", [
      id,
    ]);
    expect(left.rows[0].n).toBe(0);
  });

  test("takes exactly its number of answers under parallel answering, then says it is closed", async ({
    request,
    sql,
  }) => {
    const requester = await createRequest(request, { answers: 3 });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => answer(request, requester, `answer ${i}`)),
    );
    const statuses = results.map((response) => response.status()).sort();
    expect(statuses).toEqual([...Array(3).fill(201), ...Array(9).fill(409)]);
    for (const response of results.filter((r) => r.status() === 409)) {
      expect((await jsonOf(response)).error).toBe("request_closed");
    }
    const numbers = await Promise.all(
      results.filter((r) => r.status() === 201).map(async (r) => (await jsonOf(r)).number),
    );
    expect(numbers.sort()).toEqual([1, 2, 3]);
    const { rows } = await sql.query("SELECT count(*)::int AS n FROM request_answers WHERE request_id = $1", [
      requester.id,
    ]);
    expect(rows[0].n).toBe(3);
    const shown = await jsonOf(await request.get(`/api/v1/requests/${requester.id}`));
    expect([shown.status, shown.answers_left]).toEqual(["closed", 0]);
    const list = await jsonOf(
      await request.get(`/api/v1/requests/${requester.id}/answers`, { headers: requester.owner }),
    );
    expect(list.status).toBe("closed");
    const texts = await Promise.all(
      [1, 2, 3].map(async (n) => (await openedAnswer(request, requester, n)).text),
    );
    expect(new Set(texts).size).toBe(3);
    // Deleting an answer does not reopen it.
    await request.delete(`/api/v1/requests/${requester.id}/answers/1`, { headers: requester.owner });
    expect((await answer(request, requester, "late")).status()).toBe(409);
  });

  test("an expired request is not_found everywhere, before the cleanup and after it, with its answers", async ({
    request,
    sql,
  }) => {
    const requester = await createRequest(request, { answers: 2 });
    expect((await answer(request, requester, "before expiry")).status()).toBe(201);
    await sql.query("UPDATE requests SET expires_at = now() - interval '1 second' WHERE id = $1", [
      requester.id,
    ]);
    const base = `/api/v1/requests/${requester.id}`;
    const expectNotFound = (response: Promise<APIResponse>) =>
      expectError(withJson(response), 404, "not_found");
    await expectNotFound(request.get(base));
    await expectNotFound(answer(request, requester, "after expiry"));
    await expectNotFound(request.get(`${base}/answers`, { headers: requester.owner }));
    await expectNotFound(request.get(`${base}/answers/1`, { headers: requester.owner }));
    await expectNotFound(request.delete(base, { headers: requester.owner }));

    const purge = purgeRequestsSql(1000);
    await sql.query(purge.text, purge.values);
    const { rows } = await sql.query(
      "SELECT (SELECT count(*) FROM requests WHERE id = $1)::int AS requests, (SELECT count(*) FROM request_answers WHERE request_id = $1)::int AS answers",
      [requester.id],
    );
    expect(rows[0]).toEqual({ requests: 0, answers: 0 });
  });
});
