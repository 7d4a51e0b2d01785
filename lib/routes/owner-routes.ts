import {
  keyRequired,
  notOwnedOrUnknown,
  rateLimited,
  tooLarge,
  unavailable,
  unavailableOrUnknown,
  type OpenApiOperation,
} from "../openapi/api-responses";
import {
  createWebhookBodySchema,
  createdWebhookResponseSchema,
  webhookListResponseSchema,
} from "../webhooks/webhook-schemas";
import type { RouteDeclaration } from "./route-declaration";

// What key holders manage about their own notes: webhooks (lib/webhooks).

export const ownerRoutes = [
  {
    pattern: "/api/v1/webhooks",
    methods: {
      GET: {
        summary: "The key's webhooks (never their secrets)",
        auth: "api-key-required",
        responses: {
          200: { description: "Oldest first", schema: webhookListResponseSchema },
          401: keyRequired,
          503: unavailable,
        },
      },
      POST: {
        limit: "create-per-key",
        summary: "Add a webhook for the events of the key's notes and requests",
        description:
          "Events are POSTed as JSON, signed per Standard Webhooks (webhook-id, webhook-timestamp, " +
          "webhook-signature) with the secret shown once in the answer; retried with backoff for about a day. " +
          "Each event's body is described under this document's webhooks.",
        auth: "api-key-required",
        body: { schema: createWebhookBodySchema, required: true },
        responses: {
          201: {
            description: "Created; the secret is never shown again",
            schema: createdWebhookResponseSchema,
          },
          400: {
            description: "A bad body, a URL that is not public or does not resolve, or over 10 webhooks",
            codes: ["bad_json", "bad_webhook"],
          },
          401: keyRequired,
          413: tooLarge,
          429: rateLimited,
          503: unavailableOrUnknown,
        },
      },
    },
  },
  {
    pattern: "/api/v1/webhooks/[id]",
    methods: {
      DELETE: {
        summary: "Delete one of the key's webhooks, with its pending deliveries",
        auth: "api-key-required",
        responses: {
          204: { description: "Deleted" },
          401: keyRequired,
          404: notOwnedOrUnknown("webhook"),
          503: unavailableOrUnknown,
        },
      },
    },
  },
] as const satisfies readonly RouteDeclaration<OpenApiOperation>[];
