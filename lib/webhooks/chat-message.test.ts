import { describe, expect, it } from "vitest";
import { chatMessage } from "./chat-message";

// The messages' words for what the delivery test's notes do not show: a recipient's label (escaped
// where the service reads markup) and a request's answer.

const linkRead = {
  type: "note.read",
  timestamp: "2026-11-23T12:00:00.123Z",
  id: "q3WvB8xZ1k",
  recipient: "Ops <@here> & co",
  browser: "Safari",
};

describe("chat messages", () => {
  it("name a recipient's link by its label, escaped for Slack's markup only", () => {
    expect(JSON.parse(chatMessage("slack", linkRead).body)).toEqual({
      text: "Your note “Ops <@here> & co” was read",
      blocks: [
        {
          type: "section",
          text: { type: "mrkdwn", text: "*Your note “Ops &lt;@here&gt; &amp; co” was read*" },
        },
        {
          type: "context",
          elements: [
            { type: "mrkdwn", text: "When: 2026-11-23 12:00:00 UTC" },
            { type: "mrkdwn", text: "Recipient: Ops &lt;@here&gt; &amp; co" },
            { type: "mrkdwn", text: "Reader: Safari" },
          ],
        },
      ],
    });
    expect(chatMessage("ntfy", linkRead)).toEqual({
      body: "Your note “Ops <@here> & co” was read\nWhen: 2026-11-23 12:00:00 UTC\nRecipient: Ops <@here> & co\nReader: Safari",
      headers: { "content-type": "text/plain; charset=utf-8", title: "Note read", tags: "eyes" },
    });
  });

  it("say a request's answer number and the answers left", () => {
    const answered = {
      type: "request.answered",
      timestamp: "2026-11-23T12:00:00.123Z",
      id: "R2d2C3po4x",
      recipient: null,
      browser: null,
      answer: 2,
      answersLeft: 1,
    };
    expect(JSON.parse(chatMessage("discord", answered).body)).toEqual({
      content: "Your request R2d2… was answered",
      embeds: [
        {
          fields: [
            { name: "When", value: "2026-11-23 12:00:00 UTC", inline: true },
            { name: "Answer", value: "2", inline: true },
            { name: "Answers left", value: "1", inline: true },
          ],
          timestamp: "2026-11-23T12:00:00.123Z",
        },
      ],
      allowed_mentions: { parse: [] },
    });
    expect(chatMessage("ntfy", answered).headers).toEqual({
      "content-type": "text/plain; charset=utf-8",
      title: "Request answered",
      tags: "envelope",
    });
  });
});
