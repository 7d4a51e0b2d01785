import { z } from "zod";
import { noteIdPattern } from "../notes/note-policy";

// The webhook API's request and response shapes, used by its handlers and its OpenAPI document, and
// the shape of the events it POSTs (built in SQL by lib/notes/note-event-sql.ts).

const noteWebhookEvents = [
  "note.read",
  "note.burned",
  "note.password_failed",
  "note.deleted",
  "note.expired",
] as const;

export const webhookEvents = [...noteWebhookEvents, "request.answered"] as const;

type WebhookEvent = (typeof webhookEvents)[number];

/** When each event is sent, for notes created with the webhook's key. */
export const webhookEventDescriptions: Record<WebhookEvent, string> = {
  "note.read": "A successful read of a note, or of a recipient's link; its counters are those after it.",
  "note.burned":
    "The last allowed read or wrong password destroyed a note or a recipient's link. A note sent to " +
    "recipients sends one more when its last link ends (burned, deleted or destroyed): the owner " +
    "handle's id, with recipient, " +
    "read_count and remaining_views null.",
  "note.password_failed": "A wrong password on a note or a recipient's link.",
  "note.deleted":
    "Deleted by its owner or taken down by an operator (deleting the owner handle, or a take-down, " +
    "sends one for the note and one for each of its live links).",
  "note.expired": "Removed by the cleanup after it expired.",
  "request.answered":
    "A request created with the webhook's key took an answer: the request's id, the answer's number " +
    "and how many it still accepts; never the answer.",
};

/** Said of every event's body in the OpenAPI document: it is a `standard` webhook's. */
export const standardBodyNote =
  "This body is a `standard` webhook's; a `slack`, `discord`, `teams` or `ntfy` webhook gets that " +
  "service's incoming-webhook message naming the event instead, unsigned (docs/notifications.md, Chat).";

export const webhookPayloadSchema = z.strictObject({
  type: z.enum(noteWebhookEvents),
  timestamp: z.iso.datetime({ precision: 3 }).describe("when it happened, UTC, in milliseconds"),
  data: z
    .strictObject({
      id: z
        .string()
        .regex(noteIdPattern)
        .describe("the note's id; for a note sent to recipients, the link's (or the owner handle's)"),
      recipient: z.string().nullable().describe("the recipient's label of a link; null for a note itself"),
      read_count: z
        .int()
        .min(0)
        .nullable()
        .describe("its successful reads so far, against burn_after; null without a view limit"),
      remaining_views: z.int().min(0).nullable().describe("successful reads left; null: no limit"),
    })
    .describe("never the note's content"),
});

export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

const requestWebhookPayloadSchema = z.strictObject({
  type: z.literal("request.answered"),
  timestamp: z.iso.datetime({ precision: 3 }).describe("when the answer was stored, UTC, in milliseconds"),
  data: z
    .strictObject({
      id: z.string().regex(noteIdPattern).describe("the request's id"),
      answer: z.int().min(1).describe("the answer's number: 1 for the request's first"),
      answers_left: z.int().min(0).describe("answers the request still accepts; 0: closed"),
    })
    .describe("never the answer"),
});

/** The payload's shape for each event. */
export const webhookPayloadSchemaOf = (event: WebhookEvent) =>
  event === "request.answered" ? requestWebhookPayloadSchema : webhookPayloadSchema;

/** What a webhook's deliveries look like: Standard Webhooks (signed), or a chat service's message. */
export const webhookFormats = ["standard", "slack", "discord", "teams", "ntfy"] as const;

export type WebhookFormat = (typeof webhookFormats)[number];

const formatSchema = z
  .enum(webhookFormats)
  .describe(
    "standard: the event as JSON, signed per Standard Webhooks; slack, discord, teams, ntfy: that " +
      "service's incoming-webhook message naming the event, unsigned (docs/notifications.md)",
  );

export const createWebhookBodySchema = z.strictObject({
  url: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .max(2000)
    .describe("where events are POSTed; by default only public addresses are called"),
  events: z
    .array(z.enum(webhookEvents))
    .min(1)
    .max(webhookEvents.length)
    .refine((events) => new Set(events).size === events.length, { error: "must not repeat an event" })
    .describe("the events to send, for notes and requests created with this key"),
  format: formatSchema.default("standard"),
});

export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;

const webhookSchema = z.strictObject({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(webhookEvents)),
  format: formatSchema,
  created_at: z.int().min(0).describe("Unix time in seconds"),
});

export const createdWebhookResponseSchema = webhookSchema.extend({
  secret: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/]{32}$/)
    .describe(
      "shown only here: verifies the webhook-signature header (Standard Webhooks); chat formats are not signed",
    ),
});

export const webhookListResponseSchema = z.strictObject({ webhooks: z.array(webhookSchema) });

export type WebhookResponse = z.infer<typeof webhookSchema>;
export type CreatedWebhookResponse = z.infer<typeof createdWebhookResponseSchema>;
