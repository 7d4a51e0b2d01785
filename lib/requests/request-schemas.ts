import { z } from "zod";
import { isWellFormedAnswerEnvelope, isWellFormedOwnerProof } from "../crypto/request-envelope";
import { env } from "../env";
import { createdFilesFields } from "../files/file-response-schemas";
import { declaredFilesSchema } from "../files/file-schemas";
import { noteIdPattern } from "../notes/note-policy";
import { signInRequiredField } from "../notes/note-response-schemas";
import { signInRequiredSchema, storable } from "../notes/note-schemas";
import { notifyEmailSchema, notifyMeSchema } from "../notifications/notify-schemas";
import { requestPolicy } from "./request-policy";

// The requests API's request and response shapes, used by its handlers and its OpenAPI document.

const title = storable(z.string({ error: "must be a string" }))
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(1, "must not be empty")
      .max(requestPolicy.maxTitle, `must be at most ${requestPolicy.maxTitle} characters`),
  );

// Field order is precedence: the first field with a problem decides the error code.
export const createRequestBodySchema = z.strictObject({
  title: title.describe("what is asked for, shown to whoever has the public link"),
  instructions: storable(z.string({ error: "must be a string" }))
    .max(requestPolicy.maxInstructions, `must be at most ${requestPolicy.maxInstructions} characters`)
    .optional()
    .describe("what to send and how, shown with the title"),
  answers: z
    .int({ error: "must be an integer" })
    .min(requestPolicy.minAnswers, `must be at least ${requestPolicy.minAnswers}`)
    .max(requestPolicy.maxAnswers, `must be at most ${requestPolicy.maxAnswers}`)
    .optional()
    .describe(`answers it accepts before it is closed (default ${requestPolicy.defaultAnswers})`),
  ttl: z
    .enum([...env.TTL_CHOICES.keys()] as [string, ...string[]], {
      error: `must be one of ${[...env.TTL_CHOICES.keys()].join(", ")}`,
    })
    .describe("how long it stays open; its answers go with it"),
  files_allowed: z
    .boolean({ error: "must be true or false" })
    .optional()
    .describe("whether answers may carry files (default false)"),
  sign_in_required: signInRequiredSchema,
  public_key: z
    .string({ error: "must be a string" })
    .describe("base64url of the uncompressed P-256 point (65 bytes) every answer is sealed to"),
  owner_proof: z
    .string({ error: "must be a string" })
    .refine(isWellFormedOwnerProof, { message: "is not an owner proof: 43 base64url characters" })
    .describe(
      'base64url of HKDF-SHA256(the private key\'s d, no salt, info "notes-request r1 owner-proof", 32 bytes): ' +
        "sent as X-Owner-Proof to list, read and delete answers",
    ),
  notify_email: notifyEmailSchema,
  notify_me: notifyMeSchema,
});

export type CreateRequestBody = z.infer<typeof createRequestBodySchema>;

export const answerRequestBodySchema = z.strictObject({
  envelope: z
    .string({ error: "must be a string" })
    .refine(isWellFormedAnswerEnvelope, {
      message: "is not an answer envelope: r1.<ephemeral key>.<salt>.<iv>.<ciphertext>",
    })
    .describe("the answer sealed to the request's public key (cli/lib/request-envelope.js)"),
  files: declaredFilesSchema
    .optional()
    .describe(
      "files uploaded after the answer, end-to-end encrypted (sizes only: names are in the envelope); " +
        "only to a request with files_allowed",
    ),
});

const unixSeconds = z.int().min(0).describe("Unix time in seconds");
const requestId = z.string().regex(noteIdPattern);
const answersLeft = z.int().min(0).describe("answers it still accepts; 0: closed");

export const createdRequestResponseSchema = z.strictObject({
  id: requestId,
  url: z.url().describe("the public link, for the responder: <public base URL>/requests/<id>"),
  created_at: unixSeconds,
  expires_at: unixSeconds,
  answers: z.int().min(1).describe("answers it accepts in all"),
  files_allowed: z.boolean(),
  sign_in_required: signInRequiredField,
});

export const requestResponseSchema = z.strictObject({
  id: requestId,
  title: z.string(),
  instructions: z.string(),
  public_key: z.string().describe("seal answers to this key"),
  status: z.enum(["open", "closed"]).describe("closed: it took all its answers"),
  answers: z.int().min(1),
  answers_left: answersLeft,
  files_allowed: z.boolean().describe("whether answers may carry files"),
  sign_in_required: signInRequiredField,
  created_at: unixSeconds,
  expires_at: unixSeconds,
});

export const answeredResponseSchema = z.strictObject({
  number: z.int().min(1).describe("1 for the request's first answer, and so on"),
  created_at: unixSeconds,
  answers_left: answersLeft,
  ...createdFilesFields,
});

const answerSchema = z.strictObject({
  number: z.int().min(1),
  created_at: unixSeconds,
  read_at: unixSeconds.nullable().describe("when the requester first fetched it; null: not yet"),
  client: z.string().nullable().describe("the responder's anonymised fingerprint, as in the access log"),
  browser: z.string().nullable().describe("the responder's browser family"),
  file_count: z.int().min(0).describe("how many files it carries"),
  files_pending: z.boolean().describe("true until its files are uploaded; it cannot be read before"),
});

export const answerListResponseSchema = z.strictObject({
  status: z.enum(["open", "closed"]),
  answers_left: answersLeft,
  answers: z.array(answerSchema).describe("oldest first; never their envelopes"),
});

export const answerResponseSchema = answerSchema.extend({
  envelope: z.string().describe("the sealed answer; only the private link's key opens it"),
  files: z
    .array(
      z.strictObject({
        index: z.int().min(0),
        size: z.int().min(0).describe("bytes of its plaintext"),
        download_url: z.url().describe("GET it with X-Owner-Proof: the file's ciphertext chunks"),
      }),
    )
    .describe("its files, in order (names, types and keys are in the envelope)"),
});

export type RequestResponse = z.infer<typeof requestResponseSchema>;
export type AnswerListResponse = z.infer<typeof answerListResponseSchema>;
export type AnswerResponse = z.infer<typeof answerResponseSchema>;
export type AnsweredResponse = z.infer<typeof answeredResponseSchema>;
