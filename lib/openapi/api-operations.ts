import { z } from "zod";
import { cleanupResponseSchema } from "../cron/cleanup-response";
import { healthReportSchema } from "../health/health-report-schema";
import type { ErrorCode } from "../http/api-error";
import {
  createdShareResponseSchema,
  readShareResponseSchema,
  shareMetaResponseSchema,
} from "../shares/share-response-schemas";
import { createShareBodySchema, readShareBodySchema } from "../shares/share-schemas";

// Every route of the API as data: its body, its answers with their schemas, headers and error
// codes. lib/openapi/openapi-document.ts turns this into the OpenAPI document, and
// e2e/api/openapi.spec.ts checks real responses against the document and these same schemas.

export type HeaderName = "location" | "retry-after" | "rate-limit" | "cache-control";

export type ApiResponse = {
  description: string;
  /** a success body; error answers use the error shape with `codes` */
  schema?: z.ZodType;
  codes?: ErrorCode[];
  headers?: HeaderName[];
};

export type ApiOperation = {
  method: "get" | "post" | "delete";
  path: string;
  summary: string;
  description?: string;
  auth?: "api-key" | "api-key-or-delete-token" | "cron-secret";
  body?: { schema: z.ZodType; required: boolean };
  responses: Record<number, ApiResponse>;
};

const badKey: ApiResponse = {
  description: "A key header with an unknown, malformed or revoked key",
  codes: ["bad_api_key"],
};
const notFound: ApiResponse = {
  description: "Unknown id, expired or burned note (the same answer for all)",
  codes: ["not_found"],
};
const rateLimited: ApiResponse = {
  description: "Too many requests",
  codes: ["rate_limited"],
  headers: ["retry-after"],
};
const unavailable: ApiResponse = {
  description: "The database is not answering; retry after Retry-After seconds",
  codes: ["unavailable"],
  headers: ["retry-after"],
};

export const apiOperations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/v1/shares",
    summary: "Create a note",
    auth: "api-key",
    description:
      "Without a key a single-page note is Markdown and needs a ttl; a key allows permanent and html.",
    body: { schema: createShareBodySchema, required: true },
    responses: {
      201: {
        description: "Created",
        schema: createdShareResponseSchema,
        headers: ["location", "rate-limit"],
      },
      400: {
        description: "A field is wrong (the first wrong field in schema order decides the code)",
        codes: [
          "bad_json",
          "empty_content",
          "empty_page",
          "bad_pages",
          "bad_content_type",
          "bad_ttl",
          "bad_burn_after",
        ],
      },
      401: badKey,
      413: { description: "Text over 512 KiB, or a body over 2 MiB", codes: ["too_large"] },
      429: rateLimited,
      503: { ...unavailable, codes: ["id_generation_failed", "unavailable"] },
    },
  },
  {
    method: "get",
    path: "/api/v1/shares/{id}/meta",
    summary: "A note's metadata; never counts a view",
    responses: {
      200: {
        description: "The note's metadata",
        schema: shareMetaResponseSchema,
        headers: ["cache-control", "rate-limit"],
      },
      401: badKey,
      404: notFound,
      429: rateLimited,
      503: unavailable,
    },
  },
  {
    method: "post",
    path: "/api/v1/shares/{id}/read",
    summary: "Read a note, counting one view",
    body: { schema: readShareBodySchema, required: false },
    responses: {
      200: {
        description: "The note",
        schema: readShareResponseSchema,
        headers: ["cache-control", "rate-limit"],
      },
      400: { description: "Body not a JSON object, or a password of the wrong type", codes: ["bad_json"] },
      401: { description: "Wrong or missing password, or a bad key", codes: ["bad_password", "bad_api_key"] },
      404: notFound,
      413: { description: "A body over 2 MiB", codes: ["too_large"] },
      429: rateLimited,
      503: unavailable,
    },
  },
  {
    method: "delete",
    path: "/api/v1/shares/{id}",
    summary: "Delete a note: with the key that created it, or its delete token",
    auth: "api-key-or-delete-token",
    responses: {
      204: { description: "Deleted" },
      401: badKey,
      404: { description: "Not the owner, or an unknown, expired or burned note", codes: ["not_found"] },
      503: unavailable,
    },
  },
  {
    method: "get",
    path: "/api/v1/health",
    summary: "Whether the service and its dependencies can serve",
    responses: {
      200: { description: "Every check is ok", schema: healthReportSchema, headers: ["cache-control"] },
      503: { description: "A check failed", schema: healthReportSchema, headers: ["cache-control"] },
    },
  },
  {
    method: "get",
    path: "/api/v1/cron/cleanup",
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
  {
    method: "get",
    path: "/api/v1/openapi.json",
    summary: "This document",
    responses: {
      200: { description: "The OpenAPI 3.1 document", schema: z.record(z.string(), z.unknown()) },
    },
  },
];
