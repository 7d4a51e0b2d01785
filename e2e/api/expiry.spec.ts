import { expect, test } from "../support/fixtures";

test.describe("expiry", () => {
  test("a note is not_found from the second it expires, before any cleanup", async ({ api, sql }) => {
    const id = await api.createId({ content: "soon gone", ttl: "1h" });
    await sql.query("UPDATE shares SET expires_at = now() + interval '1 minute' WHERE id = $1", [id]);
    expect((await api.meta(id)).response.status()).toBe(200);
    await sql.query("UPDATE shares SET expires_at = now() WHERE id = $1", [id]);
    const meta = await api.meta(id);
    expect(meta.response.status()).toBe(404);
    expect(meta.json.error).toBe("not_found");
    const read = await api.read(id);
    expect(read.response.status()).toBe(404);
    const { rows } = await sql.query("SELECT read_count FROM shares WHERE id = $1", [id]);
    expect(rows[0].read_count).toBe(0);
  });

  test("an expired password note answers not_found, not bad_password", async ({ api, sql }) => {
    const id = await api.createId({ content: "x", ttl: "1h", password: "p" });
    await sql.query("UPDATE shares SET expires_at = now() - interval '1 second' WHERE id = $1", [id]);
    expect((await api.read(id, { password: "wrong" })).json.error).toBe("not_found");
    expect((await api.read(id, { password: "p" })).json.error).toBe("not_found");
  });

  test("expires_at is stored on a whole second, the integer the API shows", async ({ api, sql }) => {
    const { json } = await api.create({ content: "x", ttl: "1d" });
    const { rows } = await sql.query(
      "SELECT extract(epoch FROM expires_at)::float8 AS epoch FROM shares WHERE id = $1",
      [json.id],
    );
    expect(rows[0].epoch).toBe(json.expires_at);
  });
});
