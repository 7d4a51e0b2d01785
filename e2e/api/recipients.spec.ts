import { expect, expectError, issueKey, test } from "../support/fixtures";
import { createWithRecipients, events, pagesOf, remove, type Entry, type Json } from "../support/recipients";

// One note, one link per recipient: each link reads, burns and is deleted on its own; the content,
// stored once under the owner handle (the top-level id), goes with the last link. Webhooks, passwords,
// end-to-end notes and validation are in recipients-access.spec.ts.

test.describe("recipients", () => {
  test("each link has its own reads against burn_after; the content goes after the last", async ({
    api,
    sql,
    baseURL,
  }) => {
    const { owner, links, json } = await createWithRecipients(api, {
      content: "for three",
      burn_after: 2,
      recipients: ["Alice", " Bob ", "Carol"],
    });
    expect(links.map((link) => link.label)).toEqual(["Alice", "Bob", "Carol"]);
    for (const link of links) expect(link.url).toBe(`${baseURL}/${link.id}`);
    expect(json.url).toBe(`${baseURL}/${owner}`);
    expect(new Set([owner, ...links.map((link) => link.id)]).size).toBe(4);
    // Stored once, under the owner handle.
    expect(await pagesOf(sql, [owner, ...links.map((link) => link.id)])).toEqual([owner]);

    const [alice, bob, carol] = links.map((link) => link.id) as [string, string, string];
    expect((await api.meta(owner)).json).toMatchObject({ live_links: 3, remaining_views: 6 });
    for (const id of [alice, bob]) {
      expect((await api.read(id)).json).toMatchObject({ id, content: "for three", remaining_views: 1 });
      expect((await api.read(id)).json).toMatchObject({ burned: true, remaining_views: 0 });
      await expectError(api.read(id), 404, "not_found");
      await expectError(api.meta(id), 404, "not_found");
    }
    expect((await api.meta(owner)).json).toMatchObject({ live_links: 1, remaining_views: 2 });
    expect((await api.meta(carol)).json).toMatchObject({ id: carol, remaining_views: 2 });
    expect((await api.meta(carol)).json.live_links).toBeUndefined();
    expect(await pagesOf(sql, [owner])).toEqual([owner]);

    expect((await api.read(carol)).json.burned).toBe(false);
    expect((await api.read(carol)).json).toMatchObject({ content: "for three", burned: true });
    expect(await pagesOf(sql, [owner])).toEqual([]);
    await expectError(api.meta(owner), 404, "not_found");
  });

  test("the owner handle reads like an unknown note, and burns nothing", async ({ api, request }) => {
    const { owner, links, json } = await createWithRecipients(api, {
      content: "x",
      burn_after: 1,
      password: "pw",
      recipients: ["a", "b"],
    });
    await expectError(api.read(owner), 404, "not_found");
    await expectError(api.read(owner, { password: "pw" }), 404, "not_found");
    await expectError(api.read(owner, { password: "wrong" }), 404, "not_found");
    expect((await api.meta(owner)).json).toMatchObject({ live_links: 2, password_required: true });
    const log = await events(request, owner, { "x-delete-token": json.delete_token as string });
    expect(log.map((entry) => entry.type)).toEqual(["created", "created", "created"]);
    expect((await api.read(links[0]?.id ?? "", { password: "pw" })).json.content).toBe("x");
  });

  test("3 links × 10 parallel reads of a burn_after 1 note: 3 reads, one burn of the content", async ({
    api,
    request,
    sql,
  }) => {
    for (let round = 0; round < 3; round++) {
      const { owner, links, json } = await createWithRecipients(api, {
        content: "race",
        burn_after: 1,
        recipients: ["a", "b", "c"],
      });
      const results = await Promise.all(
        links.flatMap((link) => Array.from({ length: 10 }, () => api.read(link.id))),
      );
      const statuses = results.map((result) => result.response.status());
      expect(statuses.filter((status) => status === 200)).toHaveLength(3);
      expect(statuses.filter((status) => status === 404)).toHaveLength(27);
      const readIds = results.filter((result) => result.response.status() === 200).map((r) => r.json.id);
      expect(readIds.sort()).toEqual(links.map((link) => link.id).sort());
      expect(await pagesOf(sql, [owner])).toEqual([]);
      await expectError(api.meta(owner), 404, "not_found");

      const log = await events(request, owner, { "x-delete-token": json.delete_token as string });
      expect(log.filter((entry) => entry.type === "read")).toHaveLength(3);
      expect(
        log
          .filter((entry) => entry.type === "burned")
          .map((entry) => entry.recipient)
          .sort(),
      ).toEqual(["a", "b", "c", null]);
      expect(log.at(-1)).toEqual({ type: "burned", recipient: null, remaining_views: null });
    }
  });

  test("a link is deleted alone by the key; deleting the last destroys the content", async ({
    api,
    request,
    sql,
  }) => {
    const key = await issueKey();
    const keyed = { "x-api-key": key };
    const { owner, links } = await createWithRecipients(
      api,
      { content: "keyed", recipients: ["Alice", "Bob"] },
      keyed,
    );
    const [alice, bob] = links.map((link) => link.id) as [string, string];
    expect((await remove(request, alice, { "x-api-key": await issueKey() })).status()).toBe(404);
    expect((await remove(request, alice, keyed)).status()).toBe(204);
    expect((await remove(request, alice, keyed)).status()).toBe(404);
    await expectError(api.read(alice), 404, "not_found");
    expect((await api.read(bob)).json.content).toBe("keyed");
    expect((await api.meta(owner)).json).toMatchObject({ live_links: 1, remaining_views: null });

    expect((await remove(request, bob, keyed)).status()).toBe(204);
    expect(await pagesOf(sql, [owner])).toEqual([]);
    await expectError(api.meta(owner), 404, "not_found");
    expect(await events(request, owner, keyed)).toEqual([
      { type: "created", recipient: null, remaining_views: null },
      { type: "created", recipient: "Alice", remaining_views: null },
      { type: "created", recipient: "Bob", remaining_views: null },
      { type: "deleted", recipient: "Alice", remaining_views: null },
      { type: "read", recipient: "Bob", remaining_views: null },
      { type: "deleted", recipient: "Bob", remaining_views: null },
      { type: "burned", recipient: null, remaining_views: null },
    ]);
    // A link's own log: its entries only, for the owner only.
    expect(await events(request, bob, keyed)).toEqual([
      { type: "created", recipient: "Bob", remaining_views: null },
      { type: "read", recipient: "Bob", remaining_views: null },
      { type: "deleted", recipient: "Bob", remaining_views: null },
    ]);
    const stranger = await request.get(`/api/v1/shares/${bob}/events`);
    expect(stranger.status()).toBe(404);

    const listed = await request.get("/api/v1/shares", { headers: keyed });
    const notes = ((await listed.json()) as { notes: Json[] }).notes;
    expect(notes.map((note) => [note.id, note.status, note.recipients])).toEqual([[owner, "burned", 2]]);
  });

  test("the owner handle's delete token deletes every link and the content", async ({
    api,
    request,
    sql,
  }) => {
    const { owner, links, json } = await createWithRecipients(api, {
      content: "all",
      burn_after: 3,
      recipients: ["a", "b", "c"],
    });
    const token = { "x-delete-token": json.delete_token as string };
    expect((await api.read(links[0]?.id ?? "")).response.status()).toBe(200);
    expect((await remove(request, links[1]?.id ?? "", token)).status()).toBe(204);
    expect((await remove(request, owner, token)).status()).toBe(204);
    for (const link of links) await expectError(api.read(link.id), 404, "not_found");
    expect(await pagesOf(sql, [owner])).toEqual([]);
    const { rows } = await sql.query("SELECT id FROM shares WHERE id = $1 OR content_id = $1", [owner]);
    expect(rows).toEqual([]);
    const log = await events(request, owner, token);
    expect(log.slice(4, 6)).toEqual([
      { type: "read", recipient: "a", remaining_views: 2 },
      { type: "deleted", recipient: "b", remaining_views: 3 },
    ]);
    // One statement deletes the owner and its live links: their entries' order is the rows'.
    const byRecipient = (entry: Entry) => entry.recipient ?? "";
    expect(log.slice(6).sort((x, y) => byRecipient(x).localeCompare(byRecipient(y)))).toEqual([
      { type: "deleted", recipient: null, remaining_views: 3 },
      { type: "deleted", recipient: "a", remaining_views: 2 },
      { type: "deleted", recipient: "c", remaining_views: 3 },
    ]);
  });
});
