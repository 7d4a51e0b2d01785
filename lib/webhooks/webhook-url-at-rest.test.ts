import { describe, expect, it } from "vitest";
import { startWebhookReceiver } from "../../e2e/support/webhook-receiver";
import { generateSealingKey, parseSealingKey, sealedByPrefix } from "../crypto/seal";
import { chatWorld, createNote, read, world } from "../test/chat-harness";
import { sleep } from "../test/email-harness";
import { sealWebhookField } from "./webhook-sealing";

// Webhook URLs at rest, on the chat world's database of its own (so reseal's counts are this file's):
// sealed when created, bound to their webhook, opened for delivery and for every list; a URL stored
// before sealing is delivered and listed as it is until `reseal` seals it.

chatWorld();

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

const stored = async (id: string) =>
  (await world.client.query<{ url: string }>("SELECT url FROM webhooks WHERE id = $1", [id])).rows[0]!.url;

/** What `receiver` took about note `id` (its name is the id's first characters, or the id). */
const takenBy = (receiver: Receiver, id: string) =>
  receiver.received.filter((each) => each.status === 204 && each.body.includes(id.slice(0, 4)));

/** Delivers until `receiver` took something about note `id` (or 20 s passed). */
async function deliverTo(receiver: Receiver, id: string) {
  for (let waited = 0; waited < 20_000 && takenBy(receiver, id).length === 0; waited += 100) {
    await world.service.deliverDueWebhooks();
    await sleep(100);
  }
}

const readNote = async () => {
  const note = await createNote(5);
  await read(note.id);
  return note.id;
};

describe("webhook URLs at rest", () => {
  it("are sealed bound to their webhook: listed and delivered, and one moved from another webhook fails", async () => {
    const { sealingKeys } = await import("../env");
    const receiver = await startWebhookReceiver();
    try {
      const url = `${receiver.url}-T0-SECRET-PATH`;
      const owner = { keyId: world.apiKey.id };
      const hook = await world.service.createWebhook(owner, { url, events: ["note.read"], format: "slack" });
      expect(hook.url).toBe(url);
      const sealed = await stored(hook.id);
      expect(sealed.startsWith(sealedByPrefix(sealingKeys()[0].id))).toBe(true);
      expect(sealed).not.toContain("127.0.0.1");
      expect(sealed).not.toContain("T0-SECRET-PATH");
      const listed = await world.service.listWebhooks(owner);
      expect(listed.filter((each) => each.id === hook.id).map((each) => each.url)).toEqual([url]);

      // Another webhook's sealed URL in this row does not open: nothing is posted to it.
      await world.client.query(
        "UPDATE webhooks SET url = (SELECT url FROM webhooks WHERE id = $1) WHERE id = $2",
        [world.hooks.discord, hook.id],
      );
      const moved = await readNote();
      // Attempted once the fan-out takes the read, which waits for every older transaction of the
      // cluster (other test files' too) to end.
      const attempts = async () =>
        (
          await world.client.query<{ last_error: string | null }>(
            "SELECT last_error FROM webhook_deliveries WHERE webhook_id = $1 AND payload #>> '{data,id}' = $2",
            [hook.id, moved],
          )
        ).rows;
      for (let waited = 0; waited < 20_000 && (await attempts())[0]?.last_error == null; waited += 100) {
        await world.service.deliverDueWebhooks();
        await sleep(100);
      }
      expect(await attempts()).toEqual([
        { last_error: "the webhook's URL opens with none of the configured keys" },
      ]);
      expect(takenBy(receiver, moved)).toHaveLength(0);

      // Its own sealed URL back: the retried delivery arrives, once.
      await world.client.query("UPDATE webhooks SET url = $1 WHERE id = $2", [sealed, hook.id]);
      await deliverTo(receiver, moved);
      expect(takenBy(receiver, moved)).toHaveLength(1);
      expect(receiver.received.every((each) => each.status === 204)).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it("stored before sealing are delivered and listed as they are, then sealed by reseal", async () => {
    const { sealingKeys } = await import("../env");
    const { createTestPerson } = await import("../test/test-person");
    const { listWebhooksForAdmin } = await import("./list-webhooks-for-admin");
    const { listPersonTargets } = await import("./person-targets");
    const { resealWebhooks, webhooksSealedBy } = await import("./reseal-webhooks");
    const receiver = await startWebhookReceiver();
    try {
      const secret = `whsec_${Buffer.alloc(24, 7).toString("base64")}`;
      const person = await createTestPerson();
      const insert = async (owner: "api_key_id" | "person_id", ownerId: string, format: string) =>
        (
          await world.client.query<{ id: string }>(
            `INSERT INTO webhooks (${owner}, url, events, secret, format)
             VALUES ($1, $2, '{note.read}', $3, $4) RETURNING id`,
            [ownerId, receiver.url, secret, format],
          )
        ).rows[0]!.id;
      const keyHook = await insert("api_key_id", world.apiKey.id, "standard");
      const personHook = await insert("person_id", person.id, "ntfy");
      const listedEverywhere = async () => {
        const byKey = await world.service.listWebhooks({ keyId: world.apiKey.id });
        const byAdmin = await listWebhooksForAdmin();
        return {
          key: byKey.filter((each) => each.id === keyHook).map((each) => each.url),
          admin: byAdmin.filter((each) => each.id === keyHook).map((each) => each.url),
          person: (await listPersonTargets(person)).map((each) => each.host),
        };
      };
      const listed = { key: [receiver.url], admin: [receiver.url], person: [new URL(receiver.url).host] };
      expect(await listedEverywhere()).toEqual(listed);

      const note = await readNote();
      await deliverTo(receiver, note);
      expect(receiver.verified(secret).filter((event) => event.data.id === note)).toHaveLength(1);

      expect(await resealWebhooks()).toEqual({ resealed: 2, unopenable: 0 });
      const [key] = sealingKeys();
      for (const id of [keyHook, personHook]) {
        const url = await stored(id);
        expect(url.startsWith(sealedByPrefix(key.id))).toBe(true);
        expect(url).not.toContain("127.0.0.1");
      }
      expect(await listedEverywhere()).toEqual(listed);
      expect(await resealWebhooks()).toEqual({ resealed: 0, unopenable: 0 });

      // A URL sealed by a key no longer configured keeps that key in use, and is left as it is.
      const gone = parseSealingKey(generateSealingKey())!;
      expect(await webhooksSealedBy(gone.id)).toBe(false);
      const goneUrl = sealWebhookField(gone, personHook, "url", receiver.url);
      await world.client.query("UPDATE webhooks SET url = $1 WHERE id = $2", [goneUrl, personHook]);
      expect(await webhooksSealedBy(gone.id)).toBe(true);
      expect(await resealWebhooks()).toEqual({ resealed: 0, unopenable: 1 });
      expect(await stored(personHook)).toBe(goneUrl);
      await world.service.deleteWebhook({ personId: person.id }, personHook);
      expect(await webhooksSealedBy(gone.id)).toBe(false);
    } finally {
      await receiver.close();
    }
  });
});
