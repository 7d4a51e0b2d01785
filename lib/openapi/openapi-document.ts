import { z } from "zod";
import { errorStatus, type ErrorCode } from "../http/api-error";
import { idempotencyKeyPattern, keptAnswerSeconds } from "../idempotency/idempotency-key";
import { noteIdPattern } from "../notes/note-policy";
import {
  standardBodyNote,
  webhookEventDescriptions,
  webhookEvents,
  webhookPayloadSchemaOf,
} from "../webhooks/webhook-schemas";
import { apiOperations, type ApiOperation } from "./api-operations";
import type { ApiResponse, HeaderName } from "./api-responses";
import { serviceVersion } from "../version";

// The OpenAPI 3.1 document of the API, generated from the zod schemas the handlers and response
// builders use (JSON Schema 2020-12, which OpenAPI 3.1 speaks), so the two cannot disagree.

type JsonObject = Record<string, unknown>;

/** The error answer: `{error, message}`, with `error` one of `codes`. */
export function errorBodySchema(codes: readonly ErrorCode[]) {
  return z.strictObject({
    error: z.enum(codes as [ErrorCode, ...ErrorCode[]]),
    message: z.string().describe("for people; may change"),
  });
}

/** JSON Schema of a zod schema: what a client sends (`input`) or what it receives (`output`). */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonObject {
  // The dialect marker is the document's to declare (OpenAPI 3.1 defaults to 2020-12), not each schema's.
  const generated: JsonObject = z.toJSONSchema(schema, { io, unrepresentable: "any" });
  delete generated.$schema;
  return generated;
}

const integer = { type: "integer" };
const headerObjects: Record<HeaderName, Record<string, JsonObject>> = {
  location: {
    Location: {
      description: "URL of the new note's metadata",
      required: true,
      schema: { type: "string", format: "uri" },
    },
  },
  "retry-after": {
    "Retry-After": { description: "seconds to wait before retrying", required: true, schema: integer },
  },
  "cache-control": { "Cache-Control": { required: true, schema: { const: "no-store" } } },
  "upload-offset": {
    "Upload-Offset": { description: "chunks of the file stored so far", required: true, schema: integer },
  },
  "content-disposition": {
    "Content-Disposition": {
      description: "plain notes' files: attachment, with the file's name",
      schema: { type: "string" },
    },
  },
  "rate-limit": {
    "RateLimit-Limit": {
      description: "requests allowed in the window (when rate limiting is on)",
      schema: integer,
    },
    "RateLimit-Remaining": { description: "requests left in the window", schema: integer },
    "RateLimit-Reset": { description: "seconds until the window resets", schema: integer },
  },
};
const requestIdHeader = {
  "x-request-id": {
    description: "this request's id, also in the server's log line (set by `npm start`'s front server)",
    required: true,
    schema: { type: "string" },
  },
};

const security: Record<NonNullable<ApiOperation["auth"]>, JsonObject[]> = {
  "api-key": [{}, { ApiKey: [] }, { BearerKey: [] }],
  "api-key-required": [{ ApiKey: [] }, { BearerKey: [] }],
  "api-key-or-delete-token": [{ ApiKey: [] }, { BearerKey: [] }, { DeleteToken: [] }],
  "owner-proof": [{ OwnerProof: [] }],
  "cron-secret": [{ CronSecret: [] }],
};

function responseObject(response: ApiResponse): JsonObject {
  const headers = Object.assign(
    {},
    requestIdHeader,
    ...(response.headers ?? []).map((name) => headerObjects[name]),
  );
  const schema = response.codes ? errorBodySchema(response.codes) : response.schema;
  const binary = { "application/octet-stream": { schema: { type: "string", format: "binary" } } };
  return {
    description: response.codes
      ? `${response.description}: ${response.codes.join(", ")}`
      : response.description,
    headers,
    ...(schema && { content: { "application/json": { schema: jsonSchemaOf(schema, "output") } } }),
    ...(response.binary && { content: binary }),
  };
}

const idempotencyKeyParameter = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    `A random value (a UUID, say) sent with every attempt of one request: the first answer is kept ` +
    `for ${keptAnswerSeconds / 60} minutes, and a retry with the same key (and the same body, or for a ` +
    "read the same password and, for an end-to-end note, the same key_proof) gets it again instead of spending another view or storing a second note. " +
    "A different key is a new request.",
  schema: { type: "string", pattern: idempotencyKeyPattern.source },
};

function operationObject(operation: ApiOperation): JsonObject {
  const idParameter = {
    name: "id",
    in: "path",
    required: true,
    schema: { type: "string", pattern: noteIdPattern.source },
  };
  // Path parameters other than the id are indexes: a file's, a chunk's.
  const indexParameters = [...operation.path.matchAll(/\{(\w+)\}/g)]
    .map((match) => match[1])
    .filter((name) => name !== "id")
    .map((name) => ({ name, in: "path", required: true, schema: { type: "integer", minimum: 0 } }));
  const parameters = [
    ...(operation.path.includes("{id}") ? [idParameter] : []),
    ...indexParameters,
    ...(operation.idempotent ? [idempotencyKeyParameter] : []),
    ...(operation.parameters ?? []).map((parameter) => ({ ...parameter, schema: { type: "string" } })),
  ];
  return {
    summary: operation.summary,
    ...(operation.description && { description: operation.description }),
    ...(parameters.length > 0 && { parameters }),
    ...(operation.auth && { security: security[operation.auth] }),
    ...(operation.body && {
      requestBody: {
        required: operation.body.required,
        content: { "application/json": { schema: jsonSchemaOf(operation.body.schema, "input") } },
      },
    }),
    ...(operation.binaryBody && {
      requestBody: {
        required: true,
        description: operation.binaryBody,
        content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
      },
    }),
    responses: Object.fromEntries(
      Object.entries(operation.responses).map(([status, response]) => [status, responseObject(response)]),
    ),
  };
}

const signatureHeaders = [
  ["webhook-id", "the event's id, the same on every retry"],
  ["webhook-timestamp", "Unix seconds when this attempt was signed"],
  ["webhook-signature", "v1,<base64 HMAC-SHA256 of id.timestamp.body under the webhook's secret>"],
].map(([name, description]) => ({
  name,
  in: "header",
  required: true,
  description,
  schema: { type: "string" },
}));

/**
 * What the service POSTs to a key's webhooks of format `standard`: one entry per event, signed per
 * Standard Webhooks. Chat formats post their service's message instead, unsigned.
 */
function webhookObjects(): Record<string, JsonObject> {
  const post = (event: (typeof webhookEvents)[number]) => ({
    summary: `${event}, for the ${event.startsWith("request.") ? "requests" : "notes"} of the webhook's key`,
    description: `${webhookEventDescriptions[event]} ${standardBodyNote}`,
    parameters: signatureHeaders,
    requestBody: {
      required: true,
      content: { "application/json": { schema: jsonSchemaOf(webhookPayloadSchemaOf(event), "output") } },
    },
    responses: { "2XX": { description: "Delivered; any other answer, a timeout or a redirect is retried" } },
  });
  return Object.fromEntries(webhookEvents.map((event) => [event, { post: post(event) }]));
}

/** The document of this server's API: `siteName` is SITE_NAME, else "Notes". */
export function buildOpenApiDocument(options: { baseUrl: string; siteName: string }): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const operation of apiOperations) {
    paths[operation.path] = { ...paths[operation.path], [operation.method]: operationObject(operation) };
  }
  const codes = Object.keys(errorStatus) as ErrorCode[];
  return {
    openapi: "3.1.0",
    info: {
      title: `${options.siteName} API`,
      version: serviceVersion,
      description:
        "Short-lived notes. Errors are {error, message}; every code and its status is in " +
        "components.schemas.ErrorCode. A key header with an invalid key is 401 bad_api_key on every route. " +
        "A request body with a field its operation does not name is 400 unknown_field, and one with a key " +
        "twice in one object (at any depth) is 400 duplicate_key, its message giving the key's path. A method a path " +
        "does not serve is 405 method_not_allowed, with an Allow header naming those it does.",
    },
    servers: [{ url: options.baseUrl }],
    paths,
    webhooks: webhookObjects(),
    components: {
      schemas: {
        ErrorCode: {
          type: "string",
          enum: codes,
          description: codes.map((code) => `${code}: ${errorStatus[code]}`).join("; "),
        },
      },
      securitySchemes: {
        ApiKey: { type: "apiKey", in: "header", name: "X-API-Key" },
        BearerKey: { type: "http", scheme: "bearer", description: "an API key, when X-API-Key is absent" },
        DeleteToken: {
          type: "apiKey",
          in: "header",
          name: "X-Delete-Token",
          description: "from the create response",
        },
        OwnerProof: {
          type: "apiKey",
          in: "header",
          name: "X-Owner-Proof",
          description: "a request's owner proof, derived from its private link's key",
        },
        CronSecret: { type: "http", scheme: "bearer", description: "the server's CRON_SECRET" },
      },
    },
  };
}
