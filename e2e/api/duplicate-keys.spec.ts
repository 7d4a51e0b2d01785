import type { APIRequestContext } from "@playwright/test";
import { expect, issueKey, test } from "../support/fixtures";
import { createRequest } from "../support/requests";

// A JSON body with a key twice in one object, at any depth, is refused with 400 duplicate_key naming
// the key's path, on every JSON route, and nothing happens. JSON.parse would keep the last one: a
// `"password":""` after the real password used to create a note with no password at all.

const refused = (path: string) => ({
  error: "duplicate_key",
  message: `The key "${path}" appears twice in one object: send each key once.`,
});

/** POSTs `text` as it is (no JSON encoder would write a key twice): the status and the body. */
async function post(
  request: APIRequestContext,
  path: string,
  text: string,
  headers: Record<string, string> = {},
) {
  const response = await request.post(path, {
    headers: { "content-type": "application/json", ...headers },
    data: Buffer.from(text),
  });
  return { status: response.status(), json: (await response.json()) as unknown };
}

const keyNotes = async (request: APIRequestContext, key: string) => {
  const response = await request.get("/api/v1/shares", { headers: { "x-api-key": key } });
  return ((await response.json()) as { notes: unknown[] }).notes;
};

test.describe("a key twice in one JSON object", () => {
  test("create: a second, empty password is refused, at the top and inside a page; no note is made", async ({
    request,
  }) => {
    const key = await issueKey();
    const headers = { "x-api-key": key };
    for (const [body, path] of [
      ['{"content":"x","ttl":"1h","password":"a","password":""}', "password"],
      // The same key written another way is the same key.
      ['{"content":"x","ttl":"1h","password":"a","p\\u0061ssword":""}', "password"],
      [
        '{"ttl":"1h","pages":[{"content":"a"},{"content":"b","format":"html","format":"markdown"}]}',
        "pages[1].format",
      ],
    ]) {
      expect(await post(request, "/api/v1/shares", body!, headers), body).toEqual({
        status: 400,
        json: refused(path!),
      });
    }
    expect(await keyNotes(request, key)).toEqual([]);
    // Equal keys in different objects are no duplicate.
    expect(
      (
        await post(
          request,
          "/api/v1/shares",
          '{"ttl":"1h","pages":[{"title":"t","content":"a"},{"title":"t","content":"b"}]}',
        )
      ).status,
    ).toBe(201);
  });

  test("read: refused before the password is checked, so no view and no attempt are spent", async ({
    api,
    request,
  }) => {
    const id = await api.createId({
      content: "secret",
      ttl: "1h",
      password: "s",
      burn_after: 2,
      burn_after_failures: 1,
    });
    expect(await post(request, `/api/v1/shares/${id}/read`, '{"password":"wrong","password":"s"}')).toEqual({
      status: 400,
      json: refused("password"),
    });
    expect((await api.meta(id)).json).toMatchObject({ remaining_views: 2 });
    expect((await api.read(id, { password: "s" })).json).toMatchObject({
      content: "secret",
      remaining_views: 1,
    });
  });

  test("requests, answers and webhooks refuse it too, and nothing is stored", async ({ request, sql }) => {
    const titled = `dup-${Math.random().toString(36).slice(2, 10)}`;
    expect(
      await post(
        request,
        "/api/v1/requests",
        `{"title":"${titled}","ttl":"1d","ttl":"30d","public_key":"k","owner_proof":"p"}`,
      ),
    ).toEqual({ status: 400, json: refused("ttl") });

    const requester = await createRequest(request);
    expect(
      await post(
        request,
        `/api/v1/requests/${requester.id}/answers`,
        '{"envelope":"a","files":[{"size":1,"size":2}]}',
      ),
    ).toEqual({ status: 400, json: refused("files[0].size") });
    const answers = await sql.query("SELECT count(*)::int AS n FROM request_answers WHERE request_id = $1", [
      requester.id,
    ]);
    expect(answers.rows[0].n).toBe(0);

    const key = await issueKey();
    const headers = { "x-api-key": key };
    expect(
      await post(
        request,
        "/api/v1/webhooks",
        '{"url":"http://127.0.0.1:9/","events":["note.read"],"url":"http://127.0.0.1:10/"}',
        headers,
      ),
    ).toEqual({ status: 400, json: refused("url") });
    const list = await request.get("/api/v1/webhooks", { headers });
    expect(await list.json()).toEqual({ webhooks: [] });
  });
});
