import {
  badKey,
  createRefused,
  personCrossSite,
  keyRequired,
  notFound,
  notOwnedOrUnknown,
  filesRefused,
  rateLimited,
  signInRequired,
  tooLarge,
  unavailable,
  unavailableOrUnknown,
  type OpenApiOperation,
} from "../openapi/api-responses";
import {
  createdNoteResponseSchema,
  readNoteResponseSchema,
  noteMetaResponseSchema,
  noteEventsResponseSchema,
  keyNotesResponseSchema,
} from "../notes/note-response-schemas";
import { createNoteBodySchema, readNoteBodySchema } from "../notes/note-schemas";
import { env } from "../env";
import type { RouteDeclaration } from "./route-declaration";

const encryptedDescription =
  'With "encrypted": true, content is an end-to-end envelope (v1.<mode>.<salt>.<iv>.<ciphertext>, ' +
  "base64url parts, AES-256-GCM) that the client sealed with a key kept in the link's fragment; " +
  "the server stores it as given and never renders it. pages and format are refused beside it. " +
  "key_proof (derived from the link's key) makes every read of the note present it.";

// The notes API. Its request rates are the service's highest, so the front server serves it directly.

export const noteRoutes = [
  {
    pattern: "/api/v1/shares",
    direct: true,
    methods: {
      GET: {
        summary: "The key's notes, newest first, with their status; never their content",
        description: "?limit= (1 to 100, default 50), ?cursor= (the previous page's next_cursor).",
        auth: "api-key-required",
        responses: {
          200: { description: "A page of notes", schema: keyNotesResponseSchema, headers: ["cache-control"] },
          400: { description: "A bad limit or cursor", codes: ["bad_query"] },
          401: keyRequired,
          503: unavailable,
        },
      },
      POST: {
        limit: "create",
        person: true,
        summary: "Create a note",
        ...(env.CREATE_REQUIRES_KEY
          ? {
              auth: "api-key-required",
              description: `This server needs a key to create; a key allows permanent and html. ${encryptedDescription}`,
            }
          : {
              auth: "api-key",
              description: `Without a key a single-page note is Markdown and needs a ttl; a key allows permanent and html. ${encryptedDescription}`,
            }),
        body: { schema: createNoteBodySchema, required: true },
        idempotent: true,
        responses: {
          201: {
            description: "Created",
            schema: createdNoteResponseSchema,
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
              // REQUIRE_PASSWORD: a note without a password
              ...(env.REQUIRE_PASSWORD ? (["password_required"] as const) : []),
              "bad_envelope",
              "bad_recipients",
              "bad_files",
              "bad_file_name",
              "bad_notify_email",
              "notifications_unavailable",
              // notify_me from a caller who is no person, or whose provider verified no email
              "no_verified_email",
              "bad_idempotency_key",
              "sign_in_unavailable",
            ],
          },
          401: createRefused({ key: env.CREATE_REQUIRES_KEY, signIn: env.CREATE_REQUIRES_SIGN_IN }),
          403: personCrossSite,
          413: {
            description: `Text over 512 KiB, a body over 2 MiB, or declared files over MAX_FILE_COUNT (${env.MAX_FILE_COUNT} here), FILE_MAX_BYTES or FILES_MAX_TOTAL_BYTES (keyless: the KEYLESS_ limits), checked before anything is stored`,
            codes: ["too_large", "too_many_files", "file_too_large", "files_too_large"],
          },
          422: {
            description: "The Idempotency-Key was first sent with another body",
            codes: ["idempotency_conflict"],
          },
          ...filesRefused,
          503: { ...unavailableOrUnknown, codes: ["id_generation_failed", "unavailable", "outcome_unknown"] },
        },
      },
    },
  },
  {
    pattern: "/api/v1/shares/[id]/meta",
    direct: true,
    methods: {
      GET: {
        auth: "api-key",
        limit: "read",
        summary: "A note's metadata; never counts a view",
        responses: {
          200: {
            description: "The note's metadata",
            schema: noteMetaResponseSchema,
            headers: ["cache-control", "rate-limit"],
          },
          401: signInRequired,
          404: notFound,
          429: rateLimited,
          503: unavailable,
        },
      },
    },
  },
  {
    pattern: "/api/v1/shares/[id]/read",
    direct: true,
    methods: {
      POST: {
        auth: "api-key",
        limit: "read",
        summary: "Read a note, counting one view",
        description:
          "A note sent to recipients is read through a recipient's link, each counting its own views; " +
          "its owner handle answers not_found, like an unknown note. An end-to-end note created with a " +
          "key_proof is read only with that proof (checked before the password).",
        body: { schema: readNoteBodySchema, required: false },
        idempotent: true,
        responses: {
          200: {
            description: "The note",
            schema: readNoteResponseSchema,
            headers: ["cache-control", "rate-limit"],
          },
          400: {
            description: "Body not a JSON object, a password of the wrong type, or a bad Idempotency-Key",
            codes: ["bad_json", "bad_idempotency_key"],
          },
          401: {
            description:
              "Wrong or missing password (with burn_after_failures a wrong one is counted, and the last " +
              "one allowed destroys the note), or a bad key; or a note for members only without a " +
              "signed-in session (checked first: nothing spent, no password attempt counted)",
            codes: ["bad_password", "bad_api_key", "sign_in_required"],
          },
          403: {
            description:
              "An end-to-end note created with a key_proof, read without it or with another: no view " +
              "spent, no password attempt counted",
            codes: ["bad_key_proof"],
          },
          404: notFound,
          409: {
            description: "The note's files are still being uploaded: no view spent",
            codes: ["files_incomplete"],
          },
          413: tooLarge,
          429: rateLimited,
          500: {
            description:
              "The note's stored text does not open with the server's keys: it was altered or damaged " +
              "in the database (the view is counted)",
            codes: ["note_unreadable"],
          },
          503: {
            ...unavailableOrUnknown,
            description:
              `${unavailableOrUnknown.description}. With a password given, unavailable also when the ` +
              "rate-limit store that counts password attempts is not answering: no password was checked " +
              "and no view spent",
          },
        },
      },
    },
  },
  {
    pattern: "/api/v1/shares/[id]/events",
    direct: true,
    methods: {
      GET: {
        limit: "read",
        summary: "A note's access log: with the key that created it, its delete token, or as its creator",
        description:
          "Kept after the note is burned, deleted or expired, until ACCESS_LOG_RETENTION_DAYS after that. " +
          "A note sent to recipients: its owner handle's log lists every link's entries, each with its " +
          "recipient; a link's, its own.",
        auth: "api-key-or-delete-token",
        person: true,
        responses: {
          200: {
            description: "The log, oldest first",
            schema: noteEventsResponseSchema,
            headers: ["cache-control", "rate-limit"],
          },
          401: badKey,
          403: personCrossSite,
          404: notOwnedOrUnknown("note (or one whose log was purged)"),
          429: rateLimited,
          503: unavailable,
        },
      },
    },
  },
  {
    pattern: "/api/v1/shares/[id]",
    direct: true,
    methods: {
      DELETE: {
        summary: "Delete a note: with the key that created it, its delete token, or as its creator",
        description:
          "A recipient's link is deleted alone (the content goes with the last link); the owner handle " +
          "deletes every link and the content.",
        auth: "api-key-or-delete-token",
        person: true,
        responses: {
          204: { description: "Deleted" },
          401: badKey,
          403: personCrossSite,
          404: { description: "Not the owner, or an unknown, expired or burned note", codes: ["not_found"] },
          503: unavailableOrUnknown,
        },
      },
    },
  },
] as const satisfies readonly RouteDeclaration<OpenApiOperation>[];
