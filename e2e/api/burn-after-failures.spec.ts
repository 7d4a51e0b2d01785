import { sealNote } from "../../lib/crypto/envelope";
import { expect, expectError, test } from "../support/fixtures";

// burn_after_failures: a password note destroyed by its Nth wrong password, exactly, however many
// attempts arrive at once (real parallel requests against the real server and database).
test.describe("burn after wrong passwords", () => {
  test("20 parallel wrong passwords against a limit of 3: exactly 3 count, then the note is gone", async ({
    api,
    sql,
    request,
  }) => {
    const id = await api.createId({
      content: "guarded",
      ttl: "1h",
      password: "right",
      burn_after_failures: 3,
    });
    expect((await api.meta(id)).json.password_attempts_left).toBe(3);

    const results = await Promise.all(Array.from({ length: 20 }, () => api.read(id, { password: "wrong" })));
    const refused = results.filter((result) => result.response.status() === 401);
    expect(refused).toHaveLength(3);
    expect(results.filter((result) => result.response.status() === 404)).toHaveLength(17);
    expect(refused.map((result) => result.json.error)).toEqual([
      "bad_password",
      "bad_password",
      "bad_password",
    ]);
    const messages = refused.map((result) => String(result.json.message)).sort();
    expect(messages).toEqual([
      "The password is wrong, and that was the last attempt allowed: the note is destroyed.",
      "This note needs a password, and the one given is wrong: 1 attempt(s) left before it is destroyed.",
      "This note needs a password, and the one given is wrong: 2 attempt(s) left before it is destroyed.",
    ]);

    const { rows } = await sql.query(
      `SELECT failed_attempts, burned_at IS NOT NULL AS burned, password_hash,
              (SELECT count(*)::int FROM share_pages WHERE share_id = $1) AS pages
       FROM shares WHERE id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({ failed_attempts: 3, burned: true, password_hash: null, pages: 0 });
    await expectError(api.read(id, { password: "right" }), 404, "not_found");
    await expectError(api.meta(id), 404, "not_found");
    expect((await request.get(`/${id}`)).status()).toBe(404);
  });

  test("meta counts down; the right password still reads; no limit is null", async ({ api }) => {
    const id = await api.createId({ content: "two", ttl: "1h", password: "right", burn_after_failures: 2 });
    await expectError(api.read(id, { password: "wrong" }), 401, "bad_password");
    // A missing password is not an attempt.
    await expectError(api.read(id, {}), 401, "bad_password");
    expect((await api.meta(id)).json.password_attempts_left).toBe(1);
    const read = await api.read(id, { password: "right" });
    expect(read.response.status()).toBe(200);
    expect(read.json.content).toBe("two");

    const unlimited = await api.createId({ content: "x", ttl: "1h", password: "p" });
    await expectError(api.read(unlimited, { password: "wrong" }), 401, "bad_password");
    expect((await api.meta(unlimited)).json.password_attempts_left).toBe(null);
    expect(
      (await api.meta(await api.createId({ content: "x", ttl: "1h" }))).json.password_attempts_left,
    ).toBe(null);
  });

  for (const [body, message] of [
    [
      { burn_after_failures: 3 },
      "burn_after_failures: needs a password: only a note with a password can burn after wrong passwords",
    ],
    [
      { burn_after_failures: 3, password: "" },
      "burn_after_failures: needs a password: only a note with a password can burn after wrong passwords",
    ],
    [{ burn_after_failures: 0, password: "p" }, "burn_after_failures: must be at least 1"],
    [{ burn_after_failures: 101, password: "p" }, "burn_after_failures: must be at most 100"],
    [{ burn_after_failures: 2.5, password: "p" }, "burn_after_failures: must be an integer or null"],
    [{ burn_after_failures: "3", password: "p" }, "burn_after_failures: must be an integer or null"],
  ] as const) {
    test(`refuses ${JSON.stringify(body)} with bad_burn_after`, async ({ api }) => {
      const { response, json } = await api.create({ content: "x", ttl: "1h", ...body });
      expect(response.status()).toBe(400);
      expect(json).toEqual({ error: "bad_burn_after", message });
    });
  }

  test("accepts null and the bounds", async ({ api }) => {
    for (const limit of [null, 1, 100]) {
      const id = await api.createId({ content: "x", ttl: "1h", password: "p", burn_after_failures: limit });
      expect((await api.meta(id)).json.password_attempts_left).toBe(limit);
    }
  });

  test("refuses the limit without a password on an end-to-end encrypted note too", async ({ api }) => {
    const { envelope } = await sealNote("sealed");
    const { response, json } = await api.create({
      content: envelope,
      encrypted: true,
      ttl: "1h",
      burn_after_failures: 2,
    });
    expect(response.status()).toBe(400);
    expect(json).toEqual({
      error: "bad_burn_after",
      message:
        "burn_after_failures: needs a password: only a note with a password can burn after wrong passwords",
    });
  });
});
