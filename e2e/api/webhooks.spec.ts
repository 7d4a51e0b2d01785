import type { APIRequestContext } from "@playwright/test";
import type pg from "pg";
import { expect, expectError, issueKey, test } from "../support/fixtures";
import { timeouts } from "../support/timeouts";
import { startWebhookReceiver } from "../support/webhook-receiver";

// Webhooks against a real local receiver, delivered by the shared test server's delivery loop
// (playwright.config.ts: private addresses allowed, a 300 ms retry base) and verified with the
// Standard Webhooks reference library.

type Json = Record<string, unknown>;

async function addWebhook(request: APIRequestContext, key: string | null, data: unknown) {
  const response = await request.post("/api/v1/webhooks", {
    headers: key ? { "x-api-key": key } : {},
    data: data as Json,
  });
  return { response, json: (await response.json()) as Json };
}

/** Waits until every delivery of the webhook is done, and says how many there are. */
async function settled(sql: pg.Pool, webhookId: string, expected: number): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await sql.query(
            "SELECT count(*)::int AS done FROM webhook_deliveries WHERE webhook_id = $1 AND next_attempt_at IS NULL",
            [webhookId],
          )
        ).rows[0].done,
      { timeout: timeouts.expect },
    )
    .toBe(expected);
}

test.describe("webhooks", () => {
  test("a key manages its own webhooks; the secret is shown once; no key, no webhooks", async ({
    request,
  }) => {
    const owner = await issueKey();
    const stranger = await issueKey();
    await expectError(
      addWebhook(request, null, { url: "http://127.0.0.1:9/", events: ["note.read"] }),
      401,
      "api_key_required",
    );
    for (const bad of [
      { url: "ftp://127.0.0.1/", events: ["note.read"] },
      { url: "http://127.0.0.1/", events: [] },
      { url: "http://127.0.0.1/", events: ["note.opened"] },
      { url: "http://127.0.0.1/", events: ["note.read"], format: "mattermost" },
      { url: "http://127.0.0.1/", events: ["note.read"], format: "Slack" },
    ]) {
      await expectError(addWebhook(request, owner, bad), 400, "bad_webhook");
    }

    const { response, json } = await addWebhook(request, owner, {
      url: "http://127.0.0.1:9/hook",
      events: ["note.read", "note.burned"],
    });
    expect(response.status()).toBe(201);
    expect(json.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    // As listed: all but the secret.
    const listedOf = (hook: Json) => ({ ...hook, secret: undefined });
    const listed = listedOf(json);
    expect(listed).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: "http://127.0.0.1:9/hook",
      events: ["note.read", "note.burned"],
      format: "standard",
      created_at: expect.any(Number),
    });
    const chat = await addWebhook(request, owner, {
      url: "http://127.0.0.1:9/chat",
      events: ["note.read"],
      format: "ntfy",
    });
    expect(chat.response.status()).toBe(201);
    const chatListed = listedOf(chat.json);
    expect(chatListed).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: "http://127.0.0.1:9/chat",
      events: ["note.read"],
      format: "ntfy",
      created_at: expect.any(Number),
    });

    const list = async (key: string) =>
      (await (await request.get("/api/v1/webhooks", { headers: { "x-api-key": key } })).json()) as Json;
    expect(await list(owner)).toEqual({ webhooks: [listed, chatListed] });
    expect(await list(stranger)).toEqual({ webhooks: [] });
    const remove = (key: string) =>
      request.delete(`/api/v1/webhooks/${json.id as string}`, { headers: { "x-api-key": key } });
    expect((await remove(stranger)).status()).toBe(404);
    expect((await remove(owner)).status()).toBe(204);
    expect((await remove(owner)).status()).toBe(404);
    expect(await list(owner)).toEqual({ webhooks: [chatListed] });
  });

  test("40 parallel reads of a burn_after 5 note: five note.read and one note.burned, signed", async ({
    api,
    request,
    sql,
  }) => {
    const receiver = await startWebhookReceiver();
    try {
      const key = await issueKey();
      const { json: hook } = await addWebhook(request, key, {
        url: receiver.url,
        events: ["note.read", "note.burned"],
      });
      const id = await api.createId(
        { content: "top secret", ttl: "1h", burn_after: 5 },
        { "x-api-key": key },
      );
      const results = await Promise.all(Array.from({ length: 40 }, () => api.read(id)));
      expect(results.filter((result) => result.response.status() === 200)).toHaveLength(5);

      await settled(sql, hook.id as string, 6);
      const events = receiver.verified(hook.secret as string);
      expect(events).toHaveLength(6);
      expect(new Set(events.map((event) => event.id)).size).toBe(6);
      const reads = events.filter((event) => event.type === "note.read");
      expect(reads.map((event) => event.data.remaining_views).sort()).toEqual([0, 1, 2, 3, 4]);
      const burned = events.filter((event) => event.type === "note.burned");
      expect(burned.map((event) => event.data)).toEqual([
        { id, recipient: null, read_count: 5, remaining_views: 0 },
      ]);
      for (const { body } of receiver.received) expect(body).not.toContain("top secret");
    } finally {
      await receiver.close();
    }
  });

  test("40 parallel reads of a note without a view limit: 40 reads, each logged and delivered, the row untouched", async ({
    api,
    request,
    sql,
  }) => {
    const receiver = await startWebhookReceiver();
    try {
      const key = await issueKey();
      const { json: hook } = await addWebhook(request, key, { url: receiver.url, events: ["note.read"] });
      const id = await api.createId({ content: "everyone may look", ttl: "1h" }, { "x-api-key": key });
      const results = await Promise.all(Array.from({ length: 40 }, () => api.read(id)));
      expect(results.map((result) => result.response.status())).toEqual(Array(40).fill(200));
      expect(results.map((result) => result.json.remaining_views)).toEqual(Array(40).fill(null));

      await settled(sql, hook.id as string, 40);
      const events = receiver.verified(hook.secret as string);
      expect(new Set(events.map((event) => event.id)).size).toBe(40);
      for (const event of events) {
        expect(event.data).toEqual({ id, recipient: null, read_count: null, remaining_views: null });
      }
      const log = await request.get(`/api/v1/shares/${id}/events`, { headers: { "x-api-key": key } });
      const entries = ((await log.json()) as { events: { type: string }[] }).events;
      expect(entries.map((entry) => entry.type)).toEqual(["created", ...Array(40).fill("read")]);
      const { rows } = await sql.query("SELECT read_count, burned_at FROM shares WHERE id = $1", [id]);
      expect(rows).toEqual([{ read_count: 0, burned_at: null }]);
    } finally {
      await receiver.close();
    }
  });

  test("a receiver that fails twice gets the event on the third attempt, under the same id", async ({
    api,
    request,
    sql,
  }) => {
    const receiver = await startWebhookReceiver({ failFirst: 2 });
    try {
      const key = await issueKey();
      const { json: hook } = await addWebhook(request, key, { url: receiver.url, events: ["note.deleted"] });
      const id = await api.createId({ content: "x", ttl: "1h" }, { "x-api-key": key });
      expect((await request.delete(`/api/v1/shares/${id}`, { headers: { "x-api-key": key } })).status()).toBe(
        204,
      );

      await settled(sql, hook.id as string, 1);
      const events = receiver.verified(hook.secret as string);
      expect(events.map((event) => event.type)).toEqual(["note.deleted", "note.deleted", "note.deleted"]);
      expect(new Set(events.map((event) => event.id)).size).toBe(1);
      const { rows } = await sql.query(
        "SELECT attempts, delivered_at IS NOT NULL AS delivered, failed_at, last_error FROM webhook_deliveries WHERE webhook_id = $1",
        [hook.id],
      );
      expect(rows).toEqual([{ attempts: 3, delivered: true, failed_at: null, last_error: "HTTP 500" }]);
    } finally {
      await receiver.close();
    }
  });
});
