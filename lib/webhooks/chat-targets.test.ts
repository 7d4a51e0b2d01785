import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebhookReceiver } from "../../e2e/support/webhook-receiver";
import { randomAlphanumeric } from "../crypto/random-string";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { noteText, notePassword, reader, sleep } from "../test/email-harness";
import { chatMessage } from "./chat-message";

// Chat targets delivered by the outbox to real local HTTP receivers, one per format, on a database
// of the file's own: the exact message per event and format, nothing secret in any byte, unsigned,
// and an outage then recovery delivering each event exactly once, counted under the format's name.

const formats = ["slack", "discord", "teams", "ntfy"] as const;
type Format = (typeof formats)[number];
type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

const load = async () => ({
  ...(await import("../notes/create-note")),
  ...(await import("../notes/read-note")),
  ...(await import("../rate-limit/request-limits")),
  ...(await import("./outbox")),
  ...(await import("./manage-webhooks")),
  ...(await import("../metrics/metrics")),
  ...(await import("../db")),
});

let database: TestDatabase;
let service: Awaited<ReturnType<typeof load>>;
let client: pg.Client;
let apiKey: { id: string; personId: null };
const receivers = {} as Record<Format, Receiver>;
const hooks = {} as Record<Format, string>;

beforeAll(async () => {
  database = await createTestDatabase("chat");
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: "1",
    WEBHOOK_RETRY_BASE_MS: "200",
    WEBHOOK_TIMEOUT_MS: "3000",
  });
  const { migrateDatabase } = await import("../db/migrate");
  await migrateDatabase(database.url);
  service = await load();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows } = await client.query<{ id: string }>(
    "INSERT INTO api_keys (label, prefix, key_hash) VALUES ('chat', $1, 'x') RETURNING id",
    [randomAlphanumeric(12)],
  );
  apiKey = { id: rows[0]!.id, personId: null };
  for (const format of formats) {
    receivers[format] = await startWebhookReceiver();
    const events = ["note.read", "note.burned", "note.password_failed"] as const;
    const hook = await service.createWebhook(apiKey, {
      url: receivers[format].url,
      events: [...events],
      format,
    });
    expect(hook.format).toBe(format);
    hooks[format] = hook.id;
  }
});

afterAll(async () => {
  await client?.end();
  await service?.closeDatabase();
  await Promise.all(Object.values(receivers).map((receiver) => receiver.close()));
  await database?.drop();
});

const createNote = (burnAfter: number) =>
  service.createNote({
    body: { content: noteText, ttl: "1h", password: notePassword, burn_after: burnAfter },
    apiKey,
  });

const read = (id: string, password = notePassword) =>
  service.readNote({
    id,
    password,
    keyProof: undefined,
    limits: new service.RequestLimits(new Headers()),
    reader,
    signedIn: async () => false,
  });

/** What each receiver took (answered 2xx) for note `id`'s events, its name being the id's first characters. */
const taken = (format: Format, id: string) =>
  receivers[format].received.filter(
    (each) => each.status === 204 && each.body.includes(`${id.slice(0, 4)}…`),
  );

/** Delivers until every receiver took `count` messages about `id` (or 40 s passed), then once more. */
async function deliverUntil(id: string, count: number) {
  for (let waited = 0; waited < 40_000; waited += 100) {
    if (formats.every((format) => taken(format, id).length >= count)) break;
    await service.deliverDueWebhooks();
    await sleep(100);
  }
  await sleep(300);
  await service.deliverDueWebhooks();
}

/** The queued payloads of `format`'s webhook for note `id`, in event order. */
async function payloads(format: Format, id: string) {
  const { rows } = await client.query<{
    payload: { type: string; timestamp: string; browser: string | null };
  }>(
    `SELECT payload FROM webhook_deliveries WHERE webhook_id = $1 AND payload #>> '{data,id}' = $2
     ORDER BY next_attempt_at, id`,
    [hooks[format], id],
  );
  return rows.map((row) => row.payload);
}

const counted = async (channel: string, outcome: string) => {
  const metric = await service.metrics.registry.getSingleMetric("notes_notifications_total")?.get();
  const value = metric?.values.find(
    (each) => each.labels.channel === channel && each.labels.outcome === outcome,
  );
  return value?.value ?? 0;
};

describe("chat targets", () => {
  it("post each event once, in each service's message, unsigned, with nothing secret", async () => {
    const note = await createNote(2);
    await expect(read(note.id, "wrong")).rejects.toMatchObject({ code: "bad_password" });
    await read(note.id);
    await read(note.id);
    await deliverUntil(note.id, 4);
    const name = `${note.id.slice(0, 4)}…`;
    for (const format of formats) {
      const queued = await payloads(format, note.id);
      // The last read and the burn share their time: their order is not the test's business. A
      // burn names no reader (the access log has none for it).
      const typed = queued.map((payload) => [payload.type, payload.browser]);
      expect(typed.sort()).toEqual([
        ["note.burned", null],
        ["note.password_failed", "Firefox"],
        ["note.read", "Firefox"],
        ["note.read", "Firefox"],
      ]);
      const expected = queued.map((payload) =>
        chatMessage(format, { ...payload, id: note.id, recipient: null, browser: payload.browser }),
      );
      const got = taken(format, note.id);
      expect(got.map((each) => each.body).sort()).toEqual(expected.map((each) => each.body).sort());
      for (const each of got) {
        expect(Object.keys(each.headers).filter((header) => header.startsWith("webhook-"))).toEqual([]);
        expect(each.headers["user-agent"]).toBe("notes-webhooks/1");
        const bytes = JSON.stringify(each);
        for (const secret of [noteText, notePassword, note.id, note.delete_token]) {
          expect(bytes).not.toContain(secret);
        }
      }
    }
    const time = (payload: { timestamp: string }) =>
      `${payload.timestamp.slice(0, 10)} ${payload.timestamp.slice(11, 19)} UTC`;
    const queuedOf = async (format: Format, type: string) =>
      (await payloads(format, note.id)).find((payload) => payload.type === type)!;
    const failed = await queuedOf("slack", "note.password_failed");
    expect(JSON.parse(taken("slack", note.id).find((each) => each.body.includes("wrong"))!.body)).toEqual({
      text: `A wrong password was tried on your note ${name}`,
      blocks: [
        {
          type: "section",
          text: { type: "mrkdwn", text: `*A wrong password was tried on your note ${name}*` },
        },
        {
          type: "context",
          elements: [
            { type: "mrkdwn", text: `When: ${time(failed)}` },
            { type: "mrkdwn", text: "Reader: Firefox" },
          ],
        },
      ],
    });
    const burned = (format: Format) => taken(format, note.id).find((each) => each.body.includes("burned"))!;
    const burn = await queuedOf("discord", "note.burned");
    expect(JSON.parse(burned("discord").body)).toEqual({
      content: `Your note ${name} was burned`,
      embeds: [
        {
          fields: [{ name: "When", value: time(burn), inline: true }],
          timestamp: burn.timestamp,
        },
      ],
      allowed_mentions: { parse: [] },
    });
    expect(burned("discord").headers["content-type"]).toBe("application/json");
    const teamsRead = await queuedOf("teams", "note.read");
    const teamsReads = taken("teams", note.id).filter((each) => each.body.includes("was read"));
    expect(teamsReads.map((each) => JSON.parse(each.body))).toContainEqual({
      type: "message",
      attachments: [
        {
          contentType: "application/vnd.microsoft.card.adaptive",
          content: {
            $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
            type: "AdaptiveCard",
            version: "1.4",
            body: [
              { type: "TextBlock", text: `Your note ${name} was read`, weight: "Bolder", wrap: true },
              {
                type: "FactSet",
                facts: [
                  { title: "When", value: time(teamsRead) },
                  { title: "Reader", value: "Firefox" },
                ],
              },
            ],
          },
        },
      ],
    });
    const ntfy = burned("ntfy");
    expect(ntfy.body).toBe(`Your note ${name} was burned\nWhen: ${time(burn)}`);
    expect([ntfy.headers["title"], ntfy.headers["tags"], ntfy.headers["content-type"]]).toEqual([
      "Note burned",
      "fire",
      "text/plain; charset=utf-8",
    ]);
  });

  it("deliver each event exactly once through a receiver's outage, counted under the format", async () => {
    const before = Object.fromEntries(
      await Promise.all(
        formats.map(async (format) => [
          format,
          [await counted(format, "delivered"), await counted(format, "failed")],
        ]),
      ),
    ) as Record<Format, [number, number]>;
    for (const format of formats) receivers[format].failNext(3);
    const note = await createNote(5);
    await read(note.id);
    await deliverUntil(note.id, 1);
    for (const format of formats) {
      const mine = receivers[format].received.filter((each) => each.body.includes(`${note.id.slice(0, 4)}…`));
      expect(mine.map((each) => each.status)).toEqual([500, 500, 500, 204]);
      expect([await counted(format, "delivered"), await counted(format, "failed")]).toEqual([
        before[format][0] + 1,
        before[format][1] + 3,
      ]);
    }
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE payload #>> '{data,id}' = $1
       AND delivered_at IS NOT NULL AND attempts = 4`,
      [note.id],
    );
    expect(rows[0].n).toBe(4);
  });
});
