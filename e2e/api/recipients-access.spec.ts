import { openNote, sealNote } from "../../lib/crypto/envelope";
import { webhookPayloadSchema } from "../../lib/webhooks/webhook-schemas";
import { expect, expectError, issueKey, test } from "../support/fixtures";
import { createWithRecipients, ttl, type Json } from "../support/recipients";
import { timeouts } from "../support/timeouts";
import { startWebhookReceiver } from "../support/webhook-receiver";

// Links per recipient with what guards a note: webhooks name each event's recipient, one password
// serves every link, an end-to-end note is one envelope; and what a recipients list may be.

test.describe("recipients: webhooks, passwords, end-to-end notes, validation", () => {
  test("webhooks carry each event's recipient", async ({ api, request, sql }) => {
    const receiver = await startWebhookReceiver();
    try {
      const key = await issueKey();
      const hookResponse = await request.post("/api/v1/webhooks", {
        headers: { "x-api-key": key },
        data: { url: receiver.url, events: ["note.read", "note.burned"] },
      });
      const hook = (await hookResponse.json()) as Json;
      const { owner, links } = await createWithRecipients(
        api,
        { content: "hooked", burn_after: 1, recipients: ["Alice", "Bob"] },
        { "x-api-key": key },
      );
      for (const link of links) expect((await api.read(link.id)).response.status()).toBe(200);
      await expect
        .poll(
          async () =>
            (
              await sql.query(
                "SELECT count(*)::int AS done FROM webhook_deliveries WHERE webhook_id = $1 AND delivered_at IS NOT NULL",
                [hook.id],
              )
            ).rows[0].done,
          { timeout: timeouts.expect },
        )
        .toBe(5);
      // Each body is what the OpenAPI document's webhooks say it is.
      for (const { body } of receiver.received) {
        const parsed = webhookPayloadSchema.safeParse(JSON.parse(body));
        expect(parsed.success, `${body}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
      const received = receiver.verified(hook.secret as string).map(({ type, data }) => ({ type, ...data }));
      const [alice, bob] = links.map((link) => link.id);
      const order = (event: Json) => `${String(event.type)} ${String(event.recipient ?? "")}`;
      expect(received.sort((a, b) => order(a).localeCompare(order(b)))).toEqual([
        { type: "note.burned", id: owner, recipient: null, read_count: null, remaining_views: null },
        { type: "note.burned", id: alice, recipient: "Alice", read_count: 1, remaining_views: 0 },
        { type: "note.burned", id: bob, recipient: "Bob", read_count: 1, remaining_views: 0 },
        { type: "note.read", id: alice, recipient: "Alice", read_count: 1, remaining_views: 0 },
        { type: "note.read", id: bob, recipient: "Bob", read_count: 1, remaining_views: 0 },
      ]);
    } finally {
      await receiver.close();
    }
  });

  test("one password for every link; wrong passwords burn only the link they were tried on", async ({
    api,
  }) => {
    const { owner, links } = await createWithRecipients(api, {
      pages: [
        { title: "One", content: "first" },
        { title: "Two", content: "second" },
      ],
      password: "pw",
      burn_after_failures: 2,
      burn_after: 1,
      recipients: ["a", "b"],
    });
    const [a, b] = links.map((link) => link.id) as [string, string];
    await expectError(api.read(a, { password: "no" }), 401, "bad_password");
    await expectError(api.read(a, { password: "no" }), 401, "bad_password");
    await expectError(api.read(a, { password: "pw" }), 404, "not_found");
    expect((await api.meta(owner)).json).toMatchObject({ live_links: 1, password_required: true });
    await expectError(api.read(b), 401, "bad_password");
    const read = await api.read(b, { password: "pw" });
    expect(read.json).toMatchObject({ burned: true, content: "first" });
    expect((read.json.pages as Json[]).map((page) => [page.title, page.content])).toEqual([
      ["One", "first"],
      ["Two", "second"],
    ]);
    await expectError(api.meta(owner), 404, "not_found");
  });

  test("end-to-end encrypted: one envelope, opened by one key through every link", async ({ api }) => {
    const { envelope, key } = await sealNote("for both");
    const { links } = await createWithRecipients(api, {
      content: envelope,
      encrypted: true,
      recipients: ["a", "b"],
    });
    for (const link of links) {
      const { json } = await api.read(link.id);
      expect(json).toMatchObject({ content: envelope, encrypted: true, html: null });
      expect(await openNote(json.content as string, key)).toMatchObject({ pages: [{ content: "for both" }] });
    }
  });

  test("refuses recipients that are not 2 to 50 distinct labels of 1 to 100 characters", async ({ api }) => {
    const labels = (count: number) => Array.from({ length: count }, (_, i) => `r${i}`);
    for (const recipients of [
      ["only"],
      labels(51),
      ["Alice", " alice"],
      ["a", "  "],
      ["a", "x".repeat(101)],
      "a,b",
      ["a", 2],
      [],
    ]) {
      await expectError(api.create({ content: "x", ttl, recipients }), 400, "bad_recipients");
    }
    const { links } = await createWithRecipients(api, { content: "x", recipients: labels(50) });
    expect(links).toHaveLength(50);
    const { json } = await api.create({ content: "x", ttl });
    expect(json.links).toBeUndefined();
  });
});
