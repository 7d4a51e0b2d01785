import { z } from "zod";
import { notFound, rateLimited, unavailable, type OpenApiOperation } from "../openapi/api-responses";
import type { RouteDeclaration } from "./route-declaration";

// The link every notification email carries in List-Unsubscribe (with List-Unsubscribe-Post, so a
// mail client's one-click unsubscribe POSTs here): its token turns off what it names and nothing else.

const turnedOffSchema = z.strictObject({
  turned_off: z
    .enum(["note", "request", "address"])
    .describe("what the token named: one note's or request's emails, or every email to one address"),
});

export const notificationRoutes = [
  {
    pattern: "/api/v1/notifications/off",
    methods: {
      POST: {
        limit: "read",
        summary: "Turn notification emails off (RFC 8058 one-click unsubscribe)",
        description:
          "The body, if any, is ignored (mail clients send List-Unsubscribe=One-Click). Repeating it is harmless.",
        parameters: [
          {
            name: "token",
            in: "query",
            required: true,
            description: "from the email's List-Unsubscribe link",
          },
        ],
        responses: {
          200: { description: "Turned off", schema: turnedOffSchema, headers: ["rate-limit"] },
          404: { ...notFound, description: "Not a notification link of this site" },
          429: rateLimited,
          503: unavailable,
        },
      },
    },
  },
] as const satisfies readonly RouteDeclaration<OpenApiOperation>[];
