import { describe, expect, it } from "vitest";
import {
  chatWorld,
  counted,
  createNote,
  deliverUntil,
  formats,
  payloads,
  read,
  taken,
  world,
  type Format,
} from "../test/chat-harness";
import { noteText, notePassword } from "../test/email-harness";
import { chatMessage } from "./chat-message";

// Chat targets delivered by the outbox to real local HTTP receivers, one per format: the exact
// message per event and format, nothing secret in any byte, unsigned, and an outage then recovery
// delivering each event exactly once, counted under the format's name. (A request's answer:
// chat-request.test.ts.)

chatWorld();

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
    for (const format of formats) world.receivers[format].failNext(3);
    const note = await createNote(5);
    await read(note.id);
    await deliverUntil(note.id, 1);
    for (const format of formats) {
      const mine = world.receivers[format].received.filter((each) =>
        each.body.includes(`${note.id.slice(0, 4)}…`),
      );
      expect(mine.map((each) => each.status)).toEqual([500, 500, 500, 204]);
      expect([await counted(format, "delivered"), await counted(format, "failed")]).toEqual([
        before[format][0] + 1,
        before[format][1] + 3,
      ]);
    }
    const { rows } = await world.client.query(
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE payload #>> '{data,id}' = $1
       AND delivered_at IS NOT NULL AND attempts = 4`,
      [note.id],
    );
    expect(rows[0].n).toBe(4);
  });
});
