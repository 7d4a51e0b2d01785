import { expect, test } from "../support/fixtures";
import { adminSecret, countActions, sameOrigin, signInByRequest, uniqueLabel } from "./admin-support";

// The admin page's JSON routes refuse unknown fields like the public API: 400 unknown_field naming
// the field, and a key twice in one object (400 duplicate_key); nothing is done then (no session, no
// key, no lookup).

const refused = (field: string) => ({
  error: "unknown_field",
  message: `Unknown field "${field}": this route does not take it.`,
});

test("admin JSON routes refuse an unknown field with 400 unknown_field and do nothing", async ({
  request,
  sql,
}) => {
  const signInsBefore = await countActions(sql, "sign_in");
  const signIn = await request.post("/admin/api/session", {
    headers: sameOrigin,
    data: { secret: adminSecret, remember: true },
  });
  expect(signIn.status()).toBe(400);
  expect(await signIn.json()).toEqual(refused("remember"));
  expect(signIn.headers()["set-cookie"]).toBeUndefined();
  expect(await countActions(sql, "sign_in")).toBe(signInsBefore);

  await signInByRequest(request);
  const label = uniqueLabel("strict");
  const issue = await request.post("/admin/api/keys", {
    headers: sameOrigin,
    data: { label, expires_at: 1 },
  });
  expect(issue.status()).toBe(400);
  expect(await issue.json()).toEqual(refused("expires_at"));
  const { rows } = await sql.query("SELECT count(*)::int AS n FROM api_keys WHERE label = $1", [label]);
  expect(rows[0].n).toBe(0);

  const lookup = await request.post("/admin/api/notes/lookup", {
    headers: sameOrigin,
    data: { note: "AAAAAAAAAA", id: "AAAAAAAAAA" },
  });
  expect(lookup.status()).toBe(400);
  expect(await lookup.json()).toEqual(refused("id"));
});

test("admin JSON routes refuse a key twice with 400 duplicate_key and do nothing", async ({
  request,
  sql,
}) => {
  const post = async (path: string, text: string) => {
    const response = await request.post(path, {
      headers: { ...sameOrigin, "content-type": "application/json" },
      data: Buffer.from(text),
    });
    return { status: response.status(), json: (await response.json()) as unknown, response };
  };
  const twice = (path: string) => ({
    error: "duplicate_key",
    message: `The key "${path}" appears twice in one object: send each key once.`,
  });
  const signInsBefore = await countActions(sql, "sign_in");
  const signIn = await post("/admin/api/session", `{"secret":"${adminSecret}","secret":"${adminSecret}"}`);
  expect({ status: signIn.status, json: signIn.json }).toEqual({ status: 400, json: twice("secret") });
  expect(signIn.response.headers()["set-cookie"]).toBeUndefined();
  expect(await countActions(sql, "sign_in")).toBe(signInsBefore);

  await signInByRequest(request);
  const label = uniqueLabel("twice");
  const issue = await post("/admin/api/keys", `{"label":"${label}","label":"${label}-2"}`);
  expect({ status: issue.status, json: issue.json }).toEqual({ status: 400, json: twice("label") });
  const { rows } = await sql.query("SELECT count(*)::int AS n FROM api_keys WHERE label LIKE $1", [
    `${label}%`,
  ]);
  expect(rows[0].n).toBe(0);

  const lookup = await post("/admin/api/notes/lookup", '{"note":"AAAAAAAAAA","note":"BBBBBBBBBB"}');
  expect({ status: lookup.status, json: lookup.json }).toEqual({ status: 400, json: twice("note") });
});
