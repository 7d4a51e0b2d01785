import { expect, expectError, issueKey, keysCli, test } from "../support/fixtures";

test.describe("API keys through the CLI", () => {
  test("issue prints the key alone on the last line; only its hash is stored", async ({ sql }) => {
    const label = `cli-${Date.now()}`;
    const lines = await keysCli("issue", "--label", label);
    const key = lines.at(-1) ?? "";
    expect(key).toMatch(/^nsk_[A-Za-z0-9]{43}$/);
    const { rows } = await sql.query("SELECT prefix, key_hash, revoked_at FROM api_keys WHERE label = $1", [
      label,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0].prefix).toBe(key.slice(0, 12));
    expect(rows[0].key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(rows[0].revoked_at).toBeNull();
  });

  test("list shows label, prefix, use and notes created; revoke by id takes effect at once", async ({
    api,
    sql,
  }) => {
    const label = `listed-${Date.now()}`;
    const key = await issueKey(label);
    await api.createId({ content: "a", ttl: "1h" }, { "x-api-key": key });
    await api.createId({ content: "b", permanent: true }, { "x-api-key": key });
    const listing = await keysCli("list");
    expect(listing.find((line) => line.startsWith("id"))?.split(/\s{2,}/)).toEqual([
      "id",
      "label",
      "prefix",
      "created",
      "last used",
      "notes created",
      "revoked",
    ]);
    const row = listing.find((line) => line.includes(label))?.split(/\s{2,}/) ?? [];
    expect(row.slice(1, 3)).toEqual([label, key.slice(0, 12)]);
    expect(row.slice(5)).toEqual(["2", "-"]);
    expect(listing.join("\n")).not.toContain(key);

    const { rows } = await sql.query(
      "SELECT id, notes_created, last_used_at FROM api_keys WHERE label = $1",
      [label],
    );
    expect(rows[0].notes_created).toBe(2);
    expect(rows[0].last_used_at).not.toBeNull();
    const revoked = await keysCli("revoke", rows[0].id as string);
    expect(revoked.at(-1)).toContain(`Revoked key ${rows[0].id}`);
    await expectError(
      api.create({ content: "c", permanent: true }, { "x-api-key": key }),
      401,
      "bad_api_key",
    );
  });

  test("revoke by prefix works; an unknown key exits non-zero", async ({ api }) => {
    const key = await issueKey();
    await keysCli("revoke", key.slice(0, 12));
    await expectError(api.create({ content: "c", ttl: "1h" }, { "x-api-key": key }), 401, "bad_api_key");
    await expect(keysCli("revoke", "nsk_nothing")).rejects.toThrow(/No key matches/);
  });

  test("notes of a revoked key stay readable", async ({ api }) => {
    const key = await issueKey();
    const id = await api.createId({ content: "kept", permanent: true }, { "x-api-key": key });
    await keysCli("revoke", key);
    expect((await api.read(id)).json.content).toBe("kept");
  });
});
