import { z } from "zod";
import { cleanupResponseSchema } from "../cron/cleanup-response";
import { healthReportSchema } from "../health/health-report-schema";
import { unavailable, type OpenApiOperation } from "../openapi/api-responses";
import type { RouteDeclaration } from "./route-declaration";

// The public API's routes around the notes: health, the cron cleanup, the OpenAPI document itself,
// and the catch-all that answers every other path under /api/v1.

export const serviceRoutes = [
  {
    pattern: "/api/v1/health",
    methods: {
      GET: {
        summary: "Whether the service and its dependencies can serve",
        responses: {
          200: { description: "Every check is ok", schema: healthReportSchema, headers: ["cache-control"] },
          503: {
            description: "A critical check failed, or the server is stopping (draining)",
            schema: healthReportSchema,
            headers: ["cache-control"],
          },
        },
      },
    },
  },
  {
    pattern: "/api/v1/cron/cleanup",
    methods: {
      GET: {
        summary: "Purge expired and burned notes (for a platform's cron job)",
        auth: "cron-secret",
        responses: {
          200: { description: "What was purged", schema: cleanupResponseSchema, headers: ["cache-control"] },
          401: {
            description: "Wrong or missing Authorization: Bearer <CRON_SECRET>",
            codes: ["bad_cron_secret"],
          },
          404: { description: "CRON_SECRET is not configured", codes: ["not_found"] },
          503: unavailable,
        },
      },
    },
  },
  {
    pattern: "/api/v1/openapi.json",
    methods: {
      GET: {
        summary: "This document",
        responses: {
          200: { description: "The OpenAPI 3.1 document", schema: z.record(z.string(), z.unknown()) },
        },
      },
    },
  },
  { pattern: "/api/v1/[...path]", methods: {} },
] as const satisfies readonly RouteDeclaration<OpenApiOperation>[];
