import { z } from "zod";
import { createdFilesFields, metaFilesFields, readFilesField } from "../files/file-response-schemas";
import { webhookFormats } from "../webhooks/webhook-schemas";
import { contentTypes, deleteTokenPattern, notePolicy, noteIdPattern } from "./note-policy";

// The shapes of the API's note responses. The builders in note-response.ts are typed by them, so
// a response cannot drift from them, and lib/openapi documents the API from them.

const unixSeconds = z.int().min(0).describe("Unix time in seconds");
const noteId = z.string().regex(noteIdPattern);
const contentType = z.enum(contentTypes);
const burnAfter = z
  .int()
  .min(notePolicy.minBurnAfter)
  .max(notePolicy.maxBurnAfter)
  .nullable()
  .describe("successful reads allowed in all; null: no limit");
const remainingViews = z.int().min(0).nullable().describe("successful reads left; null: no limit");
/** Present (true) only on a note or request for members only: opened by people signed in. */
export const signInRequiredField = z
  .literal(true)
  .optional()
  .describe(
    "only people signed in through the provider open it (else 401 sign_in_required); absent otherwise",
  );

const encrypted = z
  .boolean()
  .describe(
    "end to end encrypted: content is an envelope that only the link's key opens (its content_type is " +
      "always markdown and its page_count 1: the real ones are sealed inside)",
  );

export const createdNoteResponseSchema = z.strictObject({
  id: noteId.describe(
    "with recipients: the owner handle, for meta, events and delete of the whole note; reading " +
      "through it is not_found",
  ),
  url: z.url().describe("the note's page: <public base URL>/<id>"),
  links: z
    .array(z.strictObject({ label: z.string(), id: noteId, url: z.url() }))
    .optional()
    .describe(
      "with recipients only: one link per recipient, in the order given, each with its own reads " +
        "against burn_after, its own events, deleted alone with the note's delete token or key",
    ),
  created_at: unixSeconds,
  expires_at: unixSeconds.nullable().describe("null for a permanent note"),
  burn_after: burnAfter,
  password_required: z.boolean(),
  content_type: contentType.describe("of the first page"),
  page_count: z.int().min(1),
  encrypted,
  sign_in_required: signInRequiredField,
  owned: z.boolean().describe("created with a valid API key, which may delete it"),
  api_key: z.boolean().describe("the same as owned, under the name some clients use"),
  delete_token: z
    .string()
    .regex(deleteTokenPattern)
    .nullable()
    .describe(
      "shown only here: send as X-Delete-Token to delete the note; null for notes created with a key",
    ),
  ...createdFilesFields,
});

export const noteMetaResponseSchema = z.strictObject({
  id: noteId,
  password_required: z.boolean(),
  created_at: unixSeconds,
  expires_at: unixSeconds.nullable(),
  burn_after: burnAfter,
  remaining_views: remainingViews.describe(
    "successful reads left; an owner handle's: its live links' together; null: no limit",
  ),
  live_links: z
    .int()
    .min(1)
    .optional()
    .describe("owner handle of a note sent to recipients only: its links still live"),
  password_attempts_left: z
    .int()
    .min(1)
    .nullable()
    .describe("wrong passwords this note still takes before it is destroyed; null: no limit"),
  content_type: contentType,
  page_count: z.int().min(1),
  encrypted,
  sign_in_required: signInRequiredField,
  ...metaFilesFields,
});

const readPageSchema = z.strictObject({
  index: z.int().min(0),
  title: z.string(),
  content: z.string(),
  content_type: contentType,
  html: z.string().describe("sanitized HTML, rendered at create time"),
});

export const readNoteResponseSchema = z.strictObject({
  id: noteId,
  content: z.string().describe("the first page's; an encrypted note's envelope"),
  content_type: contentType,
  html: z.string().nullable().describe("sanitized HTML of the first page; null for an encrypted note"),
  encrypted,
  created_at: unixSeconds,
  expires_at: unixSeconds.nullable(),
  burn_after: burnAfter,
  remaining_views: remainingViews,
  burned: z.boolean().describe("this read was the last: the note is gone"),
  raw_html: z
    .string()
    .optional()
    .describe(
      "HTML_MODE=trusted only, for HTML notes created with a key: the HTML as written, unsanitized; " +
        "show it only in a sandboxed frame without same-origin",
    ),
  pages: z.array(readPageSchema).optional().describe("multi-page notes only"),
  ...readFilesField,
});

const noteEventTypes = ["created", "read", "burned", "password_failed", "deleted", "expired"] as const;

export const noteEventsResponseSchema = z.strictObject({
  id: noteId,
  events: z
    .array(
      z.strictObject({
        type: z.enum(noteEventTypes),
        at: unixSeconds,
        remaining_views: remainingViews.describe(
          "read, password_failed: reads left after it; null: no limit",
        ),
        client: z
          .string()
          .regex(/^[0-9a-f]{8}$/)
          .nullable()
          .describe(
            "read, password_failed: the reader's fingerprint, the same for one address on one note " +
              "for one UTC day; never the address",
          ),
        browser: z.string().nullable().describe("read, password_failed: the browser family, from User-Agent"),
        recipient: z
          .string()
          .nullable()
          .describe("the recipient's label, for an entry of a recipient's link; null for the note itself"),
      }),
    )
    .describe("oldest first"),
  notify_email: z
    .strictObject({
      address: z
        .string()
        .nullable()
        .describe("the address masked (a…@example.com), never in full; null once the note is gone"),
      state: z
        .enum(["retrying", "given_up"])
        .describe("retrying: with back-off; given_up: after 10 attempts"),
      since: unixSeconds.describe("the event of the first failing email"),
      reason: z.string().describe("the last failure: an SMTP code or what went wrong; never the address"),
    })
    .nullable()
    .describe(
      "the note's notification emails (notify_email, notify_me) that fail; null while they arrive, and " +
        "again once one is delivered after a given-up one",
    ),
  notify_targets: z
    .array(
      z.strictObject({
        format: z.enum(webhookFormats).describe("the target's service, as added on /me"),
        host: z.string().describe("the target URL's host (and port); never the whole URL"),
        state: z
          .enum(["retrying", "given_up"])
          .describe("retrying: with back-off; given_up: after 10 attempts"),
        since: unixSeconds.describe("the event of the first failing delivery"),
        reason: z.string().describe("the last failure: an HTTP status or what went wrong"),
      }),
    )
    .describe(
      "the creator's own targets (added on /me) that the note's events fail to reach, oldest target " +
        "first; empty while they arrive; a given-up target again once a later delivery to it goes through",
    ),
});

export const keyNotesResponseSchema = z.strictObject({
  notes: z
    .array(
      z.strictObject({
        id: noteId,
        url: z.url(),
        status: z.enum(["live", "burned", "expired", "deleted"]),
        created_at: unixSeconds,
        expires_at: unixSeconds.nullable().describe("null for a permanent note, and once the note is purged"),
        burn_after: burnAfter.describe("null without a limit, and once the note is purged"),
        remaining_views: remainingViews.describe("reads left while live (null: no limit); 0 once gone"),
        recipients: z
          .int()
          .min(0)
          .describe("how many recipients' links the note was sent with (not listed here); 0: one link"),
        encrypted: z
          .boolean()
          .nullable()
          .describe("end to end encrypted; null only for a note gone before this was recorded"),
      }),
    )
    .describe("newest first; never content"),
  next_cursor: z.string().nullable().describe("pass as ?cursor= for the next page; null on the last"),
});

export type CreatedNoteResponse = z.infer<typeof createdNoteResponseSchema>;
export type NoteMetaResponse = z.infer<typeof noteMetaResponseSchema>;
export type ReadNoteResponse = z.infer<typeof readNoteResponseSchema>;
export type NoteEventsResponse = z.infer<typeof noteEventsResponseSchema>;
export type KeyNotesResponse = z.infer<typeof keyNotesResponseSchema>;
