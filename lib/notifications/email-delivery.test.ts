import { describe, expect, it } from "vitest";
import { createNote, deliverUntil, emailsTo, emailWorld, readNote, sleep } from "../test/email-harness";

// Delivery through trouble, by the outbox's own schedule (startWebhookDelivery, as `npm start` runs
// it): an SMTP server away for 20 s, and one killed with SIGKILL while it holds a message, lose no
// email and send none twice (each has its delivery's Message-ID: no id twice, none missing).

const world = emailWorld();

/** The outbox's poller, as `npm start` runs it, for the length of `run`. */
async function withDelivery(run: () => Promise<void>): Promise<void> {
  const delivery = world.service.startWebhookDelivery(100);
  try {
    await run();
  } finally {
    await delivery.stop();
  }
}

const messageIds = (address: string) =>
  emailsTo(world, address).map((email) => /^Message-ID: (.*)$/im.exec(email.raw)?.[1]);

describe("email delivery", () => {
  it("delivers every email exactly once across a 20 s SMTP outage", async () => {
    const address = "outage@example.test";
    const note = await createNote(world, { email: address });
    await withDelivery(async () => {
      await world.smtp.stop();
      for (let count = 0; count < 3; count++) await readNote(world, note.id);
      await sleep(20_000);
      const { rows } = await world.client.query(
        "SELECT count(*)::int AS n FROM webhook_deliveries WHERE channel = 'email' AND attempts > 1 AND delivered_at IS NULL",
      );
      expect(rows[0].n).toBe(3);
      await world.smtp.start();
      for (let waited = 0; waited < 30_000 && emailsTo(world, address).length < 3; waited += 200)
        await sleep(200);
      await sleep(1_000);
    });
    const ids = messageIds(address);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
  });

  it("delivers an email exactly once when the SMTP server is killed while it holds it", async () => {
    const address = "killed@example.test";
    const note = await createNote(world, { email: address });
    await world.smtp.stop();
    await world.smtp.start({ holdMs: 5_000 });
    await withDelivery(async () => {
      await readNote(world, note.id);
      // Mid-delivery: the message is with the server, which has not answered yet.
      for (let waited = 0; waited < 10_000; waited += 100) {
        const { rows } = await world.client.query(
          "SELECT count(*)::int AS n FROM webhook_deliveries WHERE channel = 'email' AND attempts = 1 AND delivered_at IS NULL",
        );
        if (rows[0].n === 1) break;
        await sleep(100);
      }
      await sleep(1_500);
      await world.smtp.stop("SIGKILL");
      expect(emailsTo(world, address)).toHaveLength(0);
      await world.smtp.start();
      for (let waited = 0; waited < 30_000 && emailsTo(world, address).length < 1; waited += 200)
        await sleep(200);
      await sleep(1_000);
    });
    expect(messageIds(address)).toHaveLength(1);
    const emails = await deliverUntil(world, address, 1);
    expect(emails).toHaveLength(1);
    const { rows } = await world.client.query(
      "SELECT count(*)::int AS n FROM webhook_deliveries WHERE channel = 'email' AND delivered_at IS NULL",
    );
    expect(rows[0].n).toBe(0);
  });
});
