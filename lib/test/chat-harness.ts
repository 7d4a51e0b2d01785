import pg from "pg";
import { afterAll, beforeAll, expect } from "vitest";
import { startWebhookReceiver } from "../../e2e/support/webhook-receiver";
import { randomAlphanumeric } from "../crypto/random-string";
import { createTestDatabase, type TestDatabase } from "./database";
import { notePassword, noteText, reader, sleep } from "./email-harness";

// The chat target tests' world: a database of the file's own (the outbox cursor is one per
// database), a real local HTTP receiver per chat format with a webhook of that format, and the
// service's modules loaded after the settings that point them there (lib/env.ts reads them once).

export const formats = ["slack", "discord", "teams", "ntfy"] as const;
export type Format = (typeof formats)[number];
type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

const load = async () => ({
  ...(await import("../notes/create-note")),
  ...(await import("../notes/read-note")),
  ...(await import("../rate-limit/request-limits")),
  ...(await import("../requests/create-request")),
  ...(await import("../requests/answer-request")),
  ...(await import("../crypto/request-envelope")),
  ...(await import("../webhooks/outbox")),
  ...(await import("../webhooks/manage-webhooks")),
  ...(await import("../metrics/metrics")),
  ...(await import("../db")),
});

export type ChatWorld = {
  service: Awaited<ReturnType<typeof load>>;
  client: pg.Client;
  apiKey: { id: string; personId: null };
  /** one receiver per format, each with a webhook for note.read, note.burned and note.password_failed */
  receivers: Record<Format, Receiver>;
  hooks: Record<Format, string>;
};

/** The file's world (each test file loads this module afresh): there once beforeAll ran. */
export const world = { receivers: {}, hooks: {} } as ChatWorld;
let database: TestDatabase;

/** Registers the file's beforeAll and afterAll. */
export function chatWorld() {
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
    world.service = await load();
    world.client = new pg.Client({ connectionString: database.url });
    await world.client.connect();
    const { rows } = await world.client.query<{ id: string }>(
      "INSERT INTO api_keys (label, prefix, key_hash) VALUES ('chat', $1, 'x') RETURNING id",
      [randomAlphanumeric(12)],
    );
    world.apiKey = { id: rows[0]!.id, personId: null };
    for (const format of formats) {
      world.receivers[format] = await startWebhookReceiver();
      const events = ["note.read", "note.burned", "note.password_failed"] as const;
      const hook = await world.service.createWebhook(
        { keyId: world.apiKey.id },
        {
          url: world.receivers[format].url,
          events: [...events],
          format,
        },
      );
      expect(hook.format).toBe(format);
      world.hooks[format] = hook.id;
    }
  });

  afterAll(async () => {
    await world.client?.end();
    await world.service?.closeDatabase();
    await Promise.all(Object.values(world.receivers).map((receiver) => receiver.close()));
    await database?.drop();
  });
}

export const createNote = (burnAfter: number) =>
  world.service.createNote({
    body: { content: noteText, ttl: "1h", password: notePassword, burn_after: burnAfter },
    apiKey: world.apiKey,
  });

export const read = (id: string, password = notePassword) =>
  world.service.readNote({
    id,
    password,
    keyProof: undefined,
    limits: new world.service.RequestLimits(new Headers()),
    reader,
    signedIn: async () => false,
  });

/** What each receiver took (answered 2xx) for note `id`'s events, its name being the id's first characters. */
export const taken = (format: Format, id: string) =>
  world.receivers[format].received.filter(
    (each) => each.status === 204 && each.body.includes(`${id.slice(0, 4)}…`),
  );

/** Delivers until every receiver took `count` messages about `id` (or 40 s passed), then once more. */
export async function deliverUntil(id: string, count: number) {
  for (let waited = 0; waited < 40_000; waited += 100) {
    if (formats.every((format) => taken(format, id).length >= count)) break;
    await world.service.deliverDueWebhooks();
    await sleep(100);
  }
  await sleep(300);
  await world.service.deliverDueWebhooks();
}

/** The queued payloads of `format`'s webhook for note `id`, in event order. */
export async function payloads(format: Format, id: string) {
  const { rows } = await world.client.query<{
    payload: { type: string; timestamp: string; browser: string | null };
  }>(
    `SELECT payload FROM webhook_deliveries WHERE webhook_id = $1 AND payload #>> '{data,id}' = $2
     ORDER BY next_attempt_at, id`,
    [world.hooks[format], id],
  );
  return rows.map((row) => row.payload);
}

export const counted = async (channel: string, outcome: string) => {
  const metric = await world.service.metrics.registry.getSingleMetric("notes_notifications_total")?.get();
  const value = metric?.values.find(
    (each) => each.labels.channel === channel && each.labels.outcome === outcome,
  );
  return value?.value ?? 0;
};

/**
 * Creates a request taking `answers` answers as `apiKey` and `person`, and answers it once from
 * Safari: its id and the answer's envelope.
 */
export async function answeredRequest(options: {
  apiKey: { id: string; personId: string | null } | null;
  person?: { id: string };
  answers: number;
}) {
  const keys = await world.service.generateRequestKeys();
  const body = {
    title: "Token",
    ttl: "1d",
    answers: options.answers,
    public_key: keys.publicKey,
    owner_proof: keys.ownerProof,
  };
  const request = await world.service.createRequest({ body, apiKey: options.apiKey, person: options.person });
  const envelope = await world.service.sealAnswer("the-answer-SECRET", {
    requestId: request.id,
    publicKey: keys.publicKey,
  });
  const answerer = { client: null, browser: "Safari" };
  await world.service.answerRequest({
    id: request.id,
    envelope,
    reader: answerer,
    signedIn: async () => false,
  });
  return { id: request.id, envelope };
}
