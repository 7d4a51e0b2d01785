import { expect, issueKey, test } from "../support/fixtures";
import { answer, createRequest, jsonOf } from "../support/requests";
import { startWebhookReceiver } from "../support/webhook-receiver";

// request.answered webhooks against a real local receiver, delivered by the shared test server's
// delivery loop and verified with the Standard Webhooks reference library: sent for the requests of
// the webhook's key, never for another key's or a keyless one's, and never with the answer.

test("request.answered tells the key's webhooks of each answer, and nothing of the answer", async ({
  request,
  sql,
}) => {
  const key = await issueKey();
  const receiver = await startWebhookReceiver();
  const onlyNotes = await startWebhookReceiver();
  try {
    const add = async (url: string, events: string[]) => {
      const response = await request.post("/api/v1/webhooks", {
        headers: { "x-api-key": key },
        data: { url, events },
      });
      expect(response.status()).toBe(201);
      const created = await jsonOf(response);
      return { id: String(created.id), secret: String(created.secret) };
    };
    const { id: hook, secret } = await add(receiver.url, ["request.answered"]);
    const { id: notesHook } = await add(onlyNotes.url, ["note.read"]);

    const keyed = await createRequest(request, { answers: 2 }, { "x-api-key": key });
    const keyless = await createRequest(request, { answers: 2 });
    const other = await createRequest(request, {}, { "x-api-key": await issueKey() });
    for (const requester of [keyed, keyless, other]) {
      expect((await answer(request, requester, "secret text 4711")).status()).toBe(201);
    }
    expect((await answer(request, keyed, "secret text 4712")).status()).toBe(201);

    await expect.poll(() => receiver.received.length).toBe(2);
    const events = receiver.verified(secret).sort((a, b) => Number(a.data.answer) - Number(b.data.answer));
    expect(events.map(({ type, data }) => ({ type, data }))).toEqual([
      { type: "request.answered", data: { id: keyed.id, answer: 1, answers_left: 1 } },
      { type: "request.answered", data: { id: keyed.id, answer: 2, answers_left: 0 } },
    ]);
    expect(receiver.received.map((received) => received.body).join("")).not.toContain("4711");
    // Nothing more comes: not for the keyless request, not for another key's, not to note.read only.
    // The statement that records an answer queues its deliveries itself (lib/requests/request-sql.ts),
    // so every delivery these answers will ever cause is in the outbox since their 201: two, both to
    // the receiver. (No later webhook proves it: several servers deliver from this database at once,
    // each attempting a batch in parallel, so arrivals need not follow the outbox's order.)
    const queued = await sql.query<{ webhook_id: string }>(
      "SELECT webhook_id FROM webhook_deliveries WHERE webhook_id = ANY($1::uuid[])",
      [[hook, notesHook]],
    );
    expect(queued.rows).toEqual([{ webhook_id: hook }, { webhook_id: hook }]);
    expect(receiver.received).toHaveLength(2);
    expect(onlyNotes.received).toHaveLength(0);
  } finally {
    await receiver.close();
    await onlyNotes.close();
  }
});
