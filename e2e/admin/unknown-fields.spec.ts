import { expect, test } from "../support/fixtures";
import { adminSecret, countActions, sameOrigin, signInByRequest, uniqueLabel } from "./admin-support";

// The admin page's JSON routes refuse unknown fields like the public API: 400 unknown_field naming
// the field, and nothing is done (no session, no key, no lookup).

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
