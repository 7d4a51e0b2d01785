import type { WebhookFormat } from "./webhook-schemas";

// A chat target's message for one event: Slack's, Discord's and Microsoft Teams' (Workflows)
// incoming-webhook JSON, or an ntfy publish (text body, Title and Tags headers). What it may say is the
// email's rule (lib/notifications/compose-email.ts): the event, the subject's name (a recipient's
// label, or the first characters of the id), the time in UTC, the reader's browser family, an answer's
// counters. Never the note's text, its link or key, its password, nor a file's name: the outbox row
// this is built from holds none of them. In English: a webhook has no language of its own.

export type ChatFacts = {
  type: string;
  /** ISO time, UTC, in milliseconds */
  timestamp: string;
  /** the note's, link's or request's id: only its first characters are shown */
  id: string;
  /** a recipient's label, opened */
  recipient: string | null;
  browser: string | null;
  /** request.answered: the answer's number and how many more the request accepts */
  answer?: number;
  answersLeft?: number;
};

export type ChatMessage = { body: string; headers: Record<string, string> };

/** How many characters of the id name the subject when it has no label (as in the emails). */
const shownIdCharacters = 4;

const summaries: Record<string, { title: string; tag: string; says: (name: string) => string }> = {
  "note.read": { title: "Note read", tag: "eyes", says: (name) => `Your note ${name} was read` },
  "note.burned": { title: "Note burned", tag: "fire", says: (name) => `Your note ${name} was burned` },
  "note.password_failed": {
    title: "Wrong password",
    tag: "warning",
    says: (name) => `A wrong password was tried on your note ${name}`,
  },
  "note.deleted": {
    title: "Note deleted",
    tag: "wastebasket",
    says: (name) => `Your note ${name} was deleted`,
  },
  "note.expired": { title: "Note expired", tag: "hourglass", says: (name) => `Your note ${name} expired` },
  "request.answered": {
    title: "Request answered",
    tag: "envelope",
    says: (name) => `Your request ${name} was answered`,
  },
};

/** A line of the message, when its value is known. */
const line = (label: string, value: string | number | null | undefined): [string, string][] =>
  value === null || value === undefined ? [] : [[label, String(value)]];

/** The message's title and its lines, each a label and a value. */
function linesOf(facts: ChatFacts) {
  const summary = summaries[facts.type] ?? summaries["note.read"]!;
  const name = facts.recipient ? `“${facts.recipient}”` : `${facts.id.slice(0, shownIdCharacters)}…`;
  const time = `${facts.timestamp.slice(0, 10)} ${facts.timestamp.slice(11, 19)} UTC`;
  const lines: [string, string][] = [
    ["When", time],
    ...line("Recipient", facts.recipient),
    ...line("Reader", facts.browser),
    ...line("Answer", facts.answer),
    ...line("Answers left", facts.answersLeft),
  ];
  return { ...summary, text: summary.says(name), lines };
}

/** Slack's mrkdwn takes &, < and > as markup. */
const slackEscape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const json = (value: unknown): ChatMessage => ({
  body: JSON.stringify(value),
  headers: { "content-type": "application/json" },
});

const formats: Record<Exclude<WebhookFormat, "standard">, (facts: ChatFacts) => ChatMessage> = {
  slack: (facts) => {
    const { text, lines } = linesOf(facts);
    return json({
      text,
      blocks: [
        { type: "section", text: { type: "mrkdwn", text: `*${slackEscape(text)}*` } },
        {
          type: "context",
          elements: lines.map(([label, value]) => ({
            type: "mrkdwn",
            text: `${label}: ${slackEscape(value)}`,
          })),
        },
      ],
    });
  },
  discord: (facts) => {
    const { text, lines } = linesOf(facts);
    return json({
      content: text,
      embeds: [
        { fields: lines.map(([name, value]) => ({ name, value, inline: true })), timestamp: facts.timestamp },
      ],
      // A label such as "@everyone" pings no one.
      allowed_mentions: { parse: [] },
    });
  },
  teams: (facts) => {
    const { text, lines } = linesOf(facts);
    return json({
      type: "message",
      attachments: [
        {
          contentType: "application/vnd.microsoft.card.adaptive",
          content: {
            $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
            type: "AdaptiveCard",
            version: "1.4",
            body: [
              { type: "TextBlock", text, weight: "Bolder", wrap: true },
              { type: "FactSet", facts: lines.map(([title, value]) => ({ title, value })) },
            ],
          },
        },
      ],
    });
  },
  // Headers carry ASCII only: the title is the event's, the label stays in the (UTF-8) body.
  ntfy: (facts) => {
    const { text, title, tag, lines } = linesOf(facts);
    return {
      body: [text, ...lines.map(([label, value]) => `${label}: ${value}`)].join("\n"),
      headers: { "content-type": "text/plain; charset=utf-8", title, tags: tag },
    };
  },
};

export function chatMessage(format: Exclude<WebhookFormat, "standard">, facts: ChatFacts): ChatMessage {
  return formats[format](facts);
}
