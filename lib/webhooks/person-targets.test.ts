import { describe, expect, it } from "vitest";
import { startWebhookReceiver } from "../../e2e/support/webhook-receiver";
import { randomAlphanumeric } from "../crypto/random-string";
import { answeredRequest, chatWorld, read, world } from "../test/chat-harness";
import { noteText, notePassword } from "../test/email-harness";

// A person's own targets (added on /me) in the outbox: the events of every note and request the
// person created, signed in or with a personal key, each once per target; a key's webhook and its
// person's each get their own; another person's target gets nothing. Counted in the outbox itself.

chatWorld();

type Owner = { keyId: string } | { personId: string };

/** A person through Prisma's model (people is Prisma's table), loaded once the world's settings are. */
async function person(): Promise<string> {
  const { createTestPerson } = await import("../test/test-person");
  return (await createTestPerson()).id;
}

async function personalKey(personId: string): Promise<string> {
  const { rows } = await world.client.query<{ id: string }>(
    "INSERT INTO api_keys (label, prefix, key_hash, person_id) VALUES ('own', $1, 'x', $2) RETURNING id",
    [randomAlphanumeric(12), personId],
  );
  return rows[0]!.id;
}

const events = ["note.read", "request.answered"] as const;

const target = async (owner: Owner, url: string) =>
  (await world.service.createWebhook(owner, { url, events: [...events], format: "slack" })).id;

/** Fans out until `id`'s deliveries stop growing; returns how many each webhook got, by id. */
async function deliveriesOf(id: string): Promise<Record<string, number>> {
  let seen = -1;
  let counts: Record<string, number> = {};
  for (let round = 0; round < 20; round++) {
    await world.service.deliverDueWebhooks();
    const { rows } = await world.client.query<{ webhook_id: string; n: number }>(
      `SELECT webhook_id, count(*)::int AS n FROM webhook_deliveries WHERE payload #>> '{data,id}' = $1
       GROUP BY webhook_id`,
      [id],
    );
    counts = Object.fromEntries(rows.map((row) => [row.webhook_id, row.n]));
    const total = rows.reduce((sum, row) => sum + row.n, 0);
    if (total > 0 && total === seen) break;
    seen = total;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return counts;
}

const noteBy = (apiKey: { id: string; personId: string } | null, personId: string) =>
  world.service.createNote({
    body: { content: noteText, ttl: "1h", password: notePassword },
    apiKey,
    person: { id: personId },
  });

const answeredRequestBy = async (apiKey: { id: string; personId: string } | null, personId: string) =>
  (await answeredRequest({ apiKey, person: { id: personId }, answers: 1 })).id;

describe("a person's own targets", () => {
  it("get each event of what the person created once, beside the personal key's own webhook", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const [alice, bob] = [await person(), await person()];
      const key = { id: await personalKey(alice), personId: alice };
      const aliceHook = await target({ personId: alice }, receiver.url);
      const keyHook = await target({ keyId: key.id }, receiver.url);
      await target({ personId: bob }, receiver.url);

      const keyed = await noteBy(key, alice);
      await read(keyed.id);
      expect(await deliveriesOf(keyed.id)).toEqual({ [aliceHook]: 1, [keyHook]: 1 });
      // The person's target's delivery names the note, for its status page; the key's has the API.
      const { rows: named } = await world.client.query(
        "SELECT webhook_id, note_id FROM webhook_deliveries WHERE payload #>> '{data,id}' = $1 ORDER BY note_id",
        [keyed.id],
      );
      expect(named).toEqual([
        { webhook_id: aliceHook, note_id: keyed.id },
        { webhook_id: keyHook, note_id: null },
      ]);

      const signedIn = await noteBy(null, alice);
      await read(signedIn.id);
      expect(await deliveriesOf(signedIn.id)).toEqual({ [aliceHook]: 1 });

      expect(await deliveriesOf(await answeredRequestBy(key, alice))).toEqual({
        [aliceHook]: 1,
        [keyHook]: 1,
      });
      expect(await deliveriesOf(await answeredRequestBy(null, alice))).toEqual({ [aliceHook]: 1 });
    } finally {
      await receiver.close();
    }
  });

  it("belong to one owner: a key or a person, never both nor neither", async () => {
    const alice = await person();
    const key = await personalKey(alice);
    const insert = (keyId: string | null, personId: string | null) =>
      world.client.query(
        "INSERT INTO webhooks (api_key_id, person_id, url, events, secret) VALUES ($1, $2, 'https://x.test', '{}', 's')",
        [keyId, personId],
      );
    await expect(insert(key, alice)).rejects.toMatchObject({ code: "23514" });
    await expect(insert(null, null)).rejects.toMatchObject({ code: "23514" });
  });

  it("are a person's to delete: another person's id is not_found, and ending a person ends theirs", async () => {
    const [alice, bob] = [await person(), await person()];
    const hook = await target({ personId: alice }, "http://127.0.0.1:9/");
    await expect(world.service.deleteWebhook({ personId: bob }, hook)).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await world.service.listWebhooks({ personId: alice })).toHaveLength(1);
    await (await world.service.getPrisma()).person.delete({ where: { id: alice } });
    expect(await world.service.listWebhooks({ personId: alice })).toEqual([]);
  });

  it("are at most 10 per person", async () => {
    const alice = await person();
    for (let n = 0; n < 10; n++) await target({ personId: alice }, "http://127.0.0.1:9/");
    await expect(target({ personId: alice }, "http://127.0.0.1:9/")).rejects.toMatchObject({
      code: "bad_webhook",
    });
    expect(await world.service.listWebhooks({ personId: await person() })).toEqual([]);
  });

  it("are listed by host only, with how their deliveries fare: the latest that matters", async () => {
    const { listPersonTargets } = await import("./person-targets");
    const alice = { id: await person() };
    const hook = await target({ personId: alice.id }, "http://127.0.0.1:9/secret-path?token=x");
    const stateNow = async () => (await listPersonTargets(alice)).map(({ host, state }) => ({ host, state }));
    expect(await stateNow()).toEqual([{ host: "127.0.0.1:9", state: { kind: "none" } }]);
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 30, 12, minute));
    const delivery = (columns: string, values: unknown[]) =>
      world.client.query(
        `INSERT INTO webhook_deliveries (webhook_id, event, payload, ${columns})
         VALUES ($1, 'note.read', '{}', ${values.map((_, n) => `$${n + 2}`).join(", ")})`,
        [hook, ...values],
      );
    await delivery("created_at, next_attempt_at, delivered_at", [at(1), null, at(2)]);
    expect(await stateNow()).toEqual([{ host: "127.0.0.1:9", state: { kind: "delivered", at: at(2) } }]);
    await delivery("created_at, next_attempt_at, failed_at, last_error", [at(3), null, at(4), "HTTP 410"]);
    const givenUp = { kind: "givenUp", since: at(4), error: "HTTP 410" };
    expect(await stateNow()).toEqual([{ host: "127.0.0.1:9", state: givenUp }]);
    await delivery("created_at, next_attempt_at, last_error", [at(5), at(30), "HTTP 500"]);
    const retrying = { kind: "retrying", since: at(5), error: "HTTP 500" };
    expect(await stateNow()).toEqual([{ host: "127.0.0.1:9", state: retrying }]);
  });
});
