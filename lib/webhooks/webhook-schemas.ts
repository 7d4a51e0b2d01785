import { z } from "zod";

// The webhook API's request and response shapes, used by its handlers and its OpenAPI document.

export const webhookEvents = [
  "note.read",
  "note.burned",
  "note.password_failed",
  "note.deleted",
  "note.expired",
] as const;

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
    .describe("the events to send, for notes created with this key"),
});

export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;

const webhookSchema = z.strictObject({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(webhookEvents)),
  created_at: z.int().min(0).describe("Unix time in seconds"),
});

export const createdWebhookResponseSchema = webhookSchema.extend({
  secret: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/]{32}$/)
    .describe("shown only here: verifies the webhook-signature header (Standard Webhooks)"),
});

export const webhookListResponseSchema = z.strictObject({ webhooks: z.array(webhookSchema) });

export type WebhookResponse = z.infer<typeof webhookSchema>;
export type CreatedWebhookResponse = z.infer<typeof createdWebhookResponseSchema>;
