import {
  createRefused,
  personCrossSite,
  filesRefused,
  rateLimited,
  signInRequired,
  tooLarge,
  unavailable,
  unavailableOrUnknown,
  type ApiResponse,
  type OpenApiOperation,
} from "../openapi/api-responses";
import {
  answerListResponseSchema,
  answerRequestBodySchema,
  answerResponseSchema,
  answeredResponseSchema,
  createRequestBodySchema,
  createdRequestResponseSchema,
  requestResponseSchema,
} from "../requests/request-schemas";
import { env } from "../env";
import type { RouteDeclaration } from "./route-declaration";

// Requests for a secret (lib/requests): the requester creates one with a public key, responders
// answer it with envelopes sealed to that key, and the requester, proving they hold the private
// key (X-Owner-Proof), lists, reads and deletes the answers. The server never holds a key that opens
// them. Served directly by the front server, like the notes API.

const requestNotFound: ApiResponse = {
  description: "Unknown, expired, deleted or taken-down request (the same answer for all)",
  codes: ["not_found"],
};
const wrongOwnerProof: ApiResponse = {
  description: "X-Owner-Proof missing, malformed or not this request's",
  codes: ["wrong_owner_proof"],
};
const answerNotFound: ApiResponse = {
  description: "Unknown request or answer (a deleted answer too)",
  codes: ["not_found"],
};

export const requestRoutes = [
  {
    pattern: "/api/v1/requests",
    direct: true,
    methods: {
      POST: {
        limit: "create",
        summary: "Create a request for a secret",
        description:
          "The client makes a P-256 key pair, sends its public key and an owner proof derived from the " +
          "private key, and keeps the private key in the private link's fragment " +
          "(<public base URL>/requests/<id>#<private key>).",
        auth: env.CREATE_REQUIRES_KEY ? "api-key-required" : "api-key",
        person: true,
        body: { schema: createRequestBodySchema, required: true },
        responses: {
          201: {
            description: "Created",
            schema: createdRequestResponseSchema,
            headers: ["location", "rate-limit"],
          },
          400: {
            description: "A field is wrong (the first wrong field in schema order decides the code)",
            codes: [
              "bad_json",
              "bad_title",
              "bad_instructions",
              "bad_answers",
              "bad_ttl",
              "bad_files",
              "bad_public_key",
              "bad_owner_proof",
              "sign_in_unavailable",
              "bad_notify_email",
              "notifications_unavailable",
              // notify_me from a caller who is no person, or whose provider verified no email
              "no_verified_email",
            ],
          },
          401: createRefused({ key: env.CREATE_REQUIRES_KEY, signIn: env.CREATE_REQUIRES_SIGN_IN }),
          403: personCrossSite,
          413: tooLarge,
          429: rateLimited,
          503: { ...unavailableOrUnknown, codes: ["id_generation_failed", "unavailable", "outcome_unknown"] },
        },
      },
    },
  },
  {
    pattern: "/api/v1/requests/[id]",
    direct: true,
    methods: {
      GET: {
        limit: "read",
        summary: "A request as responders see it: title, instructions, public key, open or closed",
        responses: {
          200: {
            description: "The request",
            schema: requestResponseSchema,
            headers: ["cache-control", "rate-limit"],
          },
          401: signInRequired,
          404: requestNotFound,
          429: rateLimited,
          503: unavailable,
        },
      },
      DELETE: {
        limit: "read",
        summary: "Delete a request and every answer it holds (the requester only)",
        auth: "owner-proof",
        responses: {
          204: { description: "Deleted" },
          403: wrongOwnerProof,
          404: requestNotFound,
          429: rateLimited,
          503: unavailableOrUnknown,
        },
      },
    },
  },
  {
    pattern: "/api/v1/requests/[id]/answers",
    direct: true,
    methods: {
      GET: {
        limit: "read",
        summary: "The request's answers, oldest first, with their time and responder fingerprint",
        auth: "owner-proof",
        responses: {
          200: {
            description: "The answers, without their envelopes",
            schema: answerListResponseSchema,
            headers: ["cache-control", "rate-limit"],
          },
          403: wrongOwnerProof,
          404: requestNotFound,
          429: rateLimited,
          503: unavailable,
        },
      },
      POST: {
        limit: "create",
        summary: "Answer a request with an envelope sealed to its public key",
        description:
          "Rate limited like note creates. The request takes at most its number of answers, even under " +
          "concurrent answers; then 409 request_closed. With files (a request with files_allowed), the " +
          "answer is pending until they are uploaded, with the limits of a note created without a key.",
        body: { schema: answerRequestBodySchema, required: true },
        responses: {
          201: { description: "Stored", schema: answeredResponseSchema, headers: ["rate-limit"] },
          400: {
            description:
              "Not an r1 envelope, or its ephemeral key is not a P-256 point, or files not sizes only",
            codes: ["bad_json", "bad_envelope", "bad_files"],
          },
          401: { ...signInRequired, description: `${signInRequired.description}; nothing stored` },
          403: { description: "Files to a request that does not take them", codes: ["files_not_allowed"] },
          404: requestNotFound,
          409: { description: "The request took all its answers", codes: ["request_closed"] },
          413: {
            description:
              "An envelope over 512 KiB, or a body over 2 MiB; or files over MAX_FILE_COUNT, " +
              "KEYLESS_FILE_MAX_BYTES or KEYLESS_FILES_MAX_TOTAL_BYTES",
            codes: ["too_large", "too_many_files", "file_too_large", "files_too_large"],
          },
          ...filesRefused,
          503: unavailableOrUnknown,
        },
      },
    },
  },
  {
    pattern: "/api/v1/requests/[id]/answers/[number]",
    direct: true,
    methods: {
      GET: {
        limit: "read",
        summary: "One answer with its envelope; the first fetch marks it read",
        auth: "owner-proof",
        responses: {
          200: {
            description: "The answer",
            schema: answerResponseSchema,
            headers: ["cache-control", "rate-limit"],
          },
          403: wrongOwnerProof,
          404: answerNotFound,
          409: {
            description: "Its files are still being uploaded (not marked read)",
            codes: ["files_incomplete"],
          },
          429: rateLimited,
          503: unavailable,
        },
      },
      DELETE: {
        limit: "read",
        summary: "Delete (burn) one answer; it still counts against the request's answers",
        auth: "owner-proof",
        responses: {
          204: { description: "Deleted" },
          403: wrongOwnerProof,
          404: answerNotFound,
          429: rateLimited,
          503: unavailableOrUnknown,
        },
      },
    },
  },
] as const satisfies readonly RouteDeclaration<OpenApiOperation>[];
