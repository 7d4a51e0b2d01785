import { z } from "zod";
import { isWellFormedEnvelope, isWellFormedKeyProof } from "../crypto/envelope";
import type { ErrorCode } from "../http/api-error";
import { env } from "../env";
import { declaredFilesIssue, declaredFilesSchema } from "../files/file-schemas";
import { notifyEmailSchema, notifyMeSchema } from "../notifications/notify-schemas";
import { contentTypes, notePolicy } from "./note-policy";
import { burnAfterField, passwordDescription, passwordRequiredIssue } from "./policy-fields";

/** The key proof's OpenAPI description, at create and at read. */
function keyProofDescription(use: string): string {
  return `the link's key proof, base64url of HKDF-SHA256(the link's key, no salt, info "notes-e2e key-proof v1", 32 bytes): ${use}`;
}

// Postgres text cannot hold U+0000 and UTF-8 cannot hold a lone surrogate. Rather than store
// something other than what was sent, such text is refused with bad_json.
export const storable = (schema: z.ZodString) =>
  schema
    .refine((value) => !value.includes("\u0000"), {
      message: "contains U+0000 (NUL), which cannot be stored",
      params: { code: "bad_json" },
    })
    .refine((value) => value.isWellFormed(), {
      message: "is not valid Unicode (it has a lone surrogate)",
      params: { code: "bad_json" },
    });

const nonEmptyText = storable(
  z.string({ error: "must be a non-empty string" }).refine((value) => value.trim() !== "", {
    message: "must not be empty",
  }),
);

// A recipient's label is shown to the creator only, beside its link and in the log. It is trimmed;
// two labels that differ only in case or surrounding spaces would be two links nobody can tell apart.
const recipientLabel = storable(z.string({ error: "must be an array of strings" }))
  .transform((label) => label.trim())
  .pipe(
    z
      .string()
      .min(1, "must not hold an empty label")
      .max(
        notePolicy.maxRecipientLabel,
        `must hold labels of at most ${notePolicy.maxRecipientLabel} characters`,
      ),
  );

const recipientsSchema = z
  .array(recipientLabel, { error: "must be an array of strings" })
  .min(notePolicy.minRecipients, `must have at least ${notePolicy.minRecipients} recipients`)
  .max(notePolicy.maxRecipients, `must have at most ${notePolicy.maxRecipients} recipients`)
  .refine((labels) => new Set(labels.map((label) => label.toLowerCase())).size === labels.length, {
    message: "must not repeat a label (compared without case and surrounding spaces)",
  })
  .describe(
    "one link per recipient: 2 to 50 labels of 1 to 100 characters, trimmed, distinct regardless of case",
  );

/** A note or request for members only; refused (sign_in_unavailable) where no provider is configured. */
export const signInRequiredSchema = z
  .boolean({ error: "must be a boolean" })
  .optional()
  .describe(
    "true: only people signed in through this server's identity provider open it (anyone else: 401 " +
      "sign_in_required, nothing spent); a note's recipients' links all have it. 400 sign_in_unavailable " +
      "without a provider",
  );

const formatSchema = z.enum(contentTypes, { error: 'must be "markdown" or "html"' });

// Bodies are strict objects: a field they do not name is refused (unknown_field, lib/http/parse-body.ts).
const pageSchema = z.strictObject(
  {
    title: storable(z.string({ error: "must be a string" })).optional(),
    content: nonEmptyText,
    format: formatSchema.optional(),
  },
  { error: "must be an object with title and content" },
);

// Field order is precedence: the first field with a problem decides the error code.
export const createNoteBodySchema = z
  .strictObject({
    content: nonEmptyText.optional(),
    pages: z
      .array(pageSchema, { error: "must be an array of pages" })
      .min(1, "must have at least one page")
      .max(notePolicy.maxPages, `must have at most ${notePolicy.maxPages} pages`)
      .optional(),
    format: formatSchema.optional(),
    ttl: z
      .enum([...env.TTL_CHOICES.keys()] as [string, ...string[]], {
        error: `must be one of ${[...env.TTL_CHOICES.keys()].join(", ")}`,
      })
      .optional(),
    permanent: z.boolean({ error: "must be a boolean" }).optional(),
    password: storable(z.string({ error: "must be a string" }))
      .optional()
      .describe(passwordDescription),
    burn_after: burnAfterField,
    burn_after_failures: z
      .int({ error: "must be an integer or null" })
      .min(notePolicy.minBurnAfterFailures, `must be at least ${notePolicy.minBurnAfterFailures}`)
      .max(notePolicy.maxBurnAfterFailures, `must be at most ${notePolicy.maxBurnAfterFailures}`)
      .nullable()
      .optional()
      .describe("only with password: wrong passwords before the note is destroyed; null: no limit"),
    encrypted: z
      .boolean({ error: "must be a boolean" })
      .optional()
      .describe("true: content is an end-to-end envelope, stored as given (bad_envelope if it is not one)"),
    key_proof: z
      .string({ error: "must be a string" })
      .optional()
      .describe(keyProofDescription("with encrypted: true: the proof every read must then present")),
    recipients: recipientsSchema.optional(),
    files: declaredFilesSchema.optional(),
    sign_in_required: signInRequiredSchema,
    notify_email: notifyEmailSchema,
    notify_me: notifyMeSchema,
  })
  .check((ctx) => {
    const { content, pages, password, burn_after_failures, encrypted, key_proof, files } = ctx.value;
    if (encrypted === true) {
      encryptedNoteIssues(ctx.value).forEach((issue) => ctx.issues.push({ ...issue, input: ctx.value }));
    } else if (content !== undefined && pages !== undefined) {
      ctx.issues.push({
        code: "custom",
        input: ctx.value,
        path: ["pages"],
        message: "give either content or pages, not both",
      });
    } else if (content === undefined && pages === undefined && files === undefined) {
      ctx.issues.push({ code: "custom", input: ctx.value, path: ["content"], message: "is required" });
    }
    const filesIssue = files && declaredFilesIssue(files, encrypted === true);
    if (filesIssue)
      ctx.issues.push({ code: "custom", input: ctx.value, path: ["files"], message: filesIssue });
    const passwordIssue = passwordRequiredIssue(ctx.value);
    if (passwordIssue) ctx.issues.push(passwordIssue);
    if (burn_after_failures != null && !password) {
      // Wrong passwords can only be counted on a note that has one.
      ctx.issues.push({
        code: "custom",
        input: ctx.value,
        path: ["burn_after_failures"],
        message: "needs a password: only a note with a password can burn after wrong passwords",
      });
    }
    if (key_proof !== undefined && (encrypted !== true || !isWellFormedKeyProof(key_proof))) {
      ctx.issues.push({
        code: "custom",
        input: ctx.value,
        path: ["key_proof"],
        message:
          encrypted === true
            ? "is not a key proof: 43 base64url characters, HKDF-SHA256 of the link's key"
            : "belongs to an end-to-end encrypted note only (encrypted: true)",
      });
    }
  });

export type CreateNoteBody = z.infer<typeof createNoteBodySchema>;

/**
 * An encrypted note is one envelope in `content` (its pages, titles and formats are sealed inside
 * it, so the server never sees them): `pages` and `format` have no place beside it.
 */
function encryptedNoteIssues(body: { content?: string; pages?: unknown; format?: unknown }) {
  const issue = (path: string, message: string, code?: ErrorCode) => ({
    code: "custom" as const,
    path: [path],
    message,
    ...(code && { params: { code } }),
  });
  if (body.pages !== undefined) {
    return [issue("pages", "an encrypted note's pages are sealed inside its envelope, sent as content")];
  }
  if (body.format !== undefined) {
    return [issue("format", "an encrypted note's format is sealed inside its envelope; leave format out")];
  }
  if (body.content === undefined) return [issue("content", "is required: the note's envelope")];
  if (!isWellFormedEnvelope(body.content)) {
    return [
      issue(
        "content",
        'is not an envelope: an encrypted note\'s content must be "v1.<mode>.<salt>.<iv>.<ciphertext>"',
        "bad_envelope",
      ),
    ];
  }
  return [];
}

/** A password that was sent but is not a string: wrong for a protected note, bad_json for others. */
export const notAString: unique symbol = Symbol("password is not a string");

/**
 * Read takes `{}` or an empty body for notes without a password. A password of another type is not
 * refused here, because the answer depends on the note: it becomes `notAString` for readNote.
 */
export const readNoteBodySchema = z.strictObject({
  password: z
    .string()
    .optional()
    .transform((password): string | undefined | typeof notAString => password)
    .catch(notAString),
  key_proof: z
    .string({ error: "must be a string" })
    .optional()
    .describe(
      keyProofDescription(
        "required by an end-to-end note created with one (else 403 bad_key_proof, no view spent)",
      ),
    ),
});

export type ReadNoteBody = z.infer<typeof readNoteBodySchema>;

const fieldCodes: Record<string, ErrorCode> = {
  content: "empty_content",
  format: "bad_content_type",
  ttl: "bad_ttl",
  burn_after: "bad_burn_after",
  burn_after_failures: "bad_burn_after",
  recipients: "bad_recipients",
  key_proof: "bad_envelope",
  files: "bad_files",
  notify_email: "bad_notify_email",
  notify_me: "bad_notify_email",
};

export function createNoteErrorCode(path: PropertyKey[]): ErrorCode {
  const [field, , itemField] = path;
  if (field === "pages") {
    if (itemField === "content") return "empty_page";
    if (itemField === "format") return "bad_content_type";
    return "bad_pages";
  }
  if (field === "files" && itemField === "name") return "bad_file_name";
  return fieldCodes[String(field)] ?? "bad_json";
}
