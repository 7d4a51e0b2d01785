import { describe, expect, it } from "vitest";
import { startWebhookReceiver } from "../../e2e/support/webhook-receiver";
import { answeredRequest, chatWorld, world } from "../test/chat-harness";
import { sleep } from "../test/email-harness";

// A request's answer told to a chat target by the outbox: once, naming the request by its id's first
// characters, the answerer's browser family and the counters; never the answer.

chatWorld();

describe("chat targets", () => {
  it("tell a request's answer to a chat target once, with nothing of the answer", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const hook = { url: receiver.url, events: ["request.answered" as const], format: "teams" as const };
      await world.service.createWebhook({ keyId: world.apiKey.id }, hook);
      const request = await answeredRequest({ apiKey: world.apiKey, answers: 2 });
      for (let waited = 0; waited < 20_000 && receiver.received.length === 0; waited += 100) {
        await world.service.deliverDueWebhooks();
        await sleep(100);
      }
      await sleep(300);
      await world.service.deliverDueWebhooks();
      const { rows } = await world.client.query<{ payload: { timestamp: string } }>(
        "SELECT payload FROM webhook_deliveries WHERE payload #>> '{data,id}' = $1",
        [request.id],
      );
      const time = `${rows[0]!.payload.timestamp.slice(0, 10)} ${rows[0]!.payload.timestamp.slice(11, 19)} UTC`;
      expect(receiver.received).toHaveLength(1);
      const card = JSON.parse(receiver.received[0]!.body).attachments[0].content.body;
      expect(card).toEqual([
        {
          type: "TextBlock",
          text: `Your request ${request.id.slice(0, 4)}… was answered`,
          weight: "Bolder",
          wrap: true,
        },
        {
          type: "FactSet",
          facts: [
            { title: "When", value: time },
            { title: "Reader", value: "Safari" },
            { title: "Answer", value: "1" },
            { title: "Answers left", value: "1" },
          ],
        },
      ]);
      const bytes = JSON.stringify(receiver.received);
      for (const secret of ["the-answer-SECRET", request.envelope, request.id])
        expect(bytes).not.toContain(secret);
    } finally {
      await receiver.close();
    }
  });
});
