import { expect, test } from "../support/fixtures";

// Real parallel requests against the real server and database: burning must be exact.
test.describe("burning under concurrency", () => {
  test("30 parallel reads of a burn_after 1 note: exactly one 200", async ({ api, sql }) => {
    const id = await api.createId({ content: "once", ttl: "1h", burn_after: 1 });
    const results = await Promise.all(Array.from({ length: 30 }, () => api.read(id)));
    const statuses = results.map((result) => result.response.status()).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 404)).toHaveLength(29);
    const winner = results.find((result) => result.response.status() === 200);
    expect(winner?.json).toMatchObject({ content: "once", remaining_views: 0, burned: true });
    const { rows } = await sql.query(
      "SELECT read_count, (SELECT count(*)::int FROM share_pages WHERE share_id = $1) AS pages FROM shares WHERE id = $1",
      [id],
    );
    expect(rows[0]).toEqual({ read_count: 1, pages: 0 });
  });

  test("40 parallel reads of a burn_after 5 note: exactly five, counting down to a burn", async ({
    api,
    sql,
  }) => {
    const id = await api.createId({ content: "five", ttl: "1h", burn_after: 5 });
    const results = await Promise.all(Array.from({ length: 40 }, () => api.read(id)));
    const ok = results.filter((result) => result.response.status() === 200);
    expect(ok).toHaveLength(5);
    expect(results.filter((result) => result.response.status() === 404)).toHaveLength(35);
    expect(ok.map((result) => result.json.remaining_views).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(ok.filter((result) => result.json.burned === true)).toHaveLength(1);
    expect(ok.find((result) => result.json.burned)?.json.remaining_views).toBe(0);
    const { rows } = await sql.query("SELECT read_count FROM shares WHERE id = $1", [id]);
    expect(rows[0].read_count).toBe(5);
  });

  test("parallel reads of a password note with mixed passwords: wrong ones never count", async ({
    api,
    sql,
  }) => {
    const id = await api.createId({ content: "pw", ttl: "1h", burn_after: 3, password: "p" });
    const passwords = Array.from({ length: 20 }, (_, i) => (i % 2 ? "p" : "nope"));
    const results = await Promise.all(passwords.map((password) => api.read(id, { password })));
    const statuses = (password: string) =>
      results.filter((_, i) => passwords[i] === password).map((result) => result.response.status());
    // A wrong password is 401 while the note lives and 404 once it has burned; never a read.
    expect(statuses("nope").every((status) => status === 401 || status === 404)).toBe(true);
    expect(statuses("p").filter((status) => status === 200)).toHaveLength(3);
    expect(statuses("p").filter((status) => status === 404)).toHaveLength(7);
    const { rows } = await sql.query("SELECT read_count FROM shares WHERE id = $1", [id]);
    expect(rows[0].read_count).toBe(3);
  });
});
