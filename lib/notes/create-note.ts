import "server-only";
import { hashPassword } from "../crypto/password-hash";
import { hashSecret } from "../crypto/secret-hash";
import { queryRows } from "../db";
import { env, sealingKeys } from "../env";
import { declareFiles } from "../files/declare-files";
import { filePayer } from "../files/file-budget";
import { ApiError } from "../http/api-error";
import { assertSignInAvailable } from "../people/sign-in-gate";
import type { CreateIdempotency } from "../idempotency/idempotency-key";
import { sealPart } from "../idempotency/sealed-part";
import type { ApiKeyIdentity } from "../keys/authenticate-request";
import type { ActingPerson } from "../people/acting-person";
import { countNote } from "../metrics/metrics";
import { sealNotifyTarget, type NotifyTarget } from "../notifications/notify-target";
import { renderNoteInWorker } from "../render/render-pool";
import { generateDeleteToken, hashDeleteToken } from "./delete-token";
import type { CreatedNoteRow } from "./created-note-row";
import { insertKeeping } from "./kept-create";
import { generateNoteId } from "./note-id";
import { sealPage } from "./note-sealing";
import { sealRecipientLabel } from "./recipient-sealing";
import { insertNoteSql, type NewPage, type NewNote } from "./note-sql";
import { notePolicy } from "./note-policy";
import type { CreateNoteBody } from "./note-schemas";

type PageText = Omit<NewPage, "html" | "raw_html" | "sealed_by">;

/** The note's pages as stored: a single-page note is one page without a title. */
function pagesOf(body: CreateNoteBody, keyed: boolean): PageText[] {
  if (body.pages) {
    // Pages may be HTML with or without a key: page HTML is always sanitized.
    return body.pages.map((page, index) => ({
      page_index: index,
      title: page.title ?? "",
      content: page.content,
      content_type: page.format ?? body.format ?? "markdown",
    }));
  }
  // Without a key a single-page note is always Markdown, whatever `format` says.
  const contentType = keyed ? (body.format ?? "markdown") : "markdown";
  return [{ page_index: 0, title: null, content: body.content ?? "", content_type: contentType }];
}

/** With HTML_MODE=trusted, a keyed single-page HTML note also keeps its HTML as written. */
function rawHtmlOf(body: CreateNoteBody, keyed: boolean, page: PageText): string | null {
  const keep = env.HTML_MODE === "trusted" && keyed && !body.pages && page.content_type === "html";
  return keep ? page.content : null;
}

function sizeOf(pages: PageText[]): number {
  return pages.reduce(
    (sum, page) => sum + Buffer.byteLength(page.content) + Buffer.byteLength(page.title ?? ""),
    0,
  );
}

/** Seconds to live, or null for a permanent note (honoured only with a valid key). */
function lifetimeOf(body: CreateNoteBody, keyed: boolean): number | null {
  if (keyed && body.permanent === true) return null;
  const choices = `one of ${[...env.TTL_CHOICES.keys()].join(", ")}`;
  if (body.ttl === undefined) {
    // permanent: true was sent, but only a key holder's note may be permanent: say so, not just "required".
    throw new ApiError(
      "bad_ttl",
      body.permanent === true
        ? `ttl is required: permanent notes need an API key, and this request has none (ttl: ${choices}).`
        : `ttl is required: ${choices}.`,
    );
  }
  const seconds = env.TTL_CHOICES.get(body.ttl);
  if (seconds === undefined) throw new ApiError("bad_ttl", `ttl must be ${choices}.`);
  return seconds;
}

export async function createNote(options: {
  body: CreateNoteBody;
  apiKey: ApiKeyIdentity | null;
  /** the person creating it (signed in, or the owner of the key): the note is theirs */
  person?: ActingPerson | null;
  /** injectable so tests can force id collisions */
  generateId?: () => string;
  /** the request's Idempotency-Key: a retry with it and the same body gets this note again */
  idempotency?: CreateIdempotency | null;
  /** the client's address as rate limits know it: a keyless create's files are charged to it */
  client?: string;
  /** who hears of its events by email (lib/notifications) */
  notify?: Omit<NotifyTarget, "subjectId">;
}): Promise<CreatedNoteRow> {
  const { body, apiKey, generateId = generateNoteId, idempotency } = options;
  const keyed = apiKey !== null;
  assertSignInAvailable(body.sign_in_required);
  const pages = pagesOf(body, keyed);
  const sizeBytes = sizeOf(pages);
  if (sizeBytes > notePolicy.maxContentBytes) {
    throw new ApiError(
      "too_large",
      `The note is ${sizeBytes} bytes of text; the limit is ${notePolicy.maxContentBytes} (512 KiB).`,
    );
  }
  const lifetime = lifetimeOf(body, keyed);
  const files =
    body.files &&
    declareFiles(body.files, {
      keyed,
      encrypted: body.encrypted === true,
      payer: filePayer(apiKey?.id ?? null, options.client),
    });
  // A note with a password is sealed by the key derived from it, so the server alone cannot open it.
  const password = body.password ? await hashPassword(body.password) : null;
  const passwordHash = password?.hash ?? null;
  const sealingKey = password?.sealingKey ?? sealingKeys()[0];
  const deleteToken = keyed ? null : generateDeleteToken();
  // The status link names the whole id: an email carries it only when the id alone reads nothing.
  const statusToken = body.encrypted || body.password ? deleteToken : null;
  const note: Omit<NewNote, "pages"> = {
    lifetime,
    burnAfter: body.burn_after ?? env.MAX_BURN_AFTER ?? null,
    burnAfterFailures: body.burn_after_failures ?? null,
    passwordHash,
    multiPage: body.pages !== undefined,
    sizeBytes,
    apiKeyId: apiKey?.id ?? null,
    createdBy: options.person?.id ?? null,
    deleteTokenHash: deleteToken && hashDeleteToken(deleteToken),
    encrypted: body.encrypted === true,
    keyProofHash: body.key_proof === undefined ? null : hashSecret(body.key_proof),
    signInRequired: body.sign_in_required === true,
  };
  // An encrypted note's one page is its envelope: nothing to render, and never HTML kept as written.
  const pagesToSeal = await Promise.all(
    pages.map(async (page) => ({
      ...page,
      html: body.encrypted ? "" : await renderNoteInWorker(page.content, page.content_type),
      raw_html: body.encrypted ? null : rawHtmlOf(body, keyed, page),
    })),
  );

  // Reserved once, before anything is stored; given back when no note of this request is stored.
  const giveBack = await files?.reserve();
  try {
    for (let attempt = 0; attempt < notePolicy.idAttempts; attempt++) {
      // Sealed for each id tried: every value is bound to its note's id.
      const id = generateId();
      const sealedPages = pagesToSeal.map((page) => sealPage(sealingKey, id, page));
      // The server's key, not the password's: the email is sent without the password.
      const notify =
        options.notify &&
        sealNotifyTarget(sealingKeys()[0], { ...options.notify, subjectId: id }, statusToken);
      const links = body.recipients?.map((label) => ({ id: generateId(), label }));
      // Labels are for the owner, who reads them without the password: the server key seals them.
      const sealedLinks = links?.map(({ id: linkId, label }) => ({
        id: linkId,
        label: sealRecipientLabel(sealingKeys()[0], linkId, label),
      }));
      const answer = {
        password_required: passwordHash !== null,
        owned: keyed,
        delete_token: deleteToken,
        ...(files && { uploads: files.uploads }),
      };
      const keep = idempotency ? sealPart(idempotency, { ...answer, links }) : undefined;
      const insert = () =>
        queryRows<Omit<CreatedNoteRow, "password_required" | "owned" | "delete_token">>(
          insertNoteSql(
            id,
            {
              ...note,
              pages: sealedPages,
              recipients: sealedLinks,
              files: files?.rows(id, sealingKey),
              notify,
            },
            keep,
          ),
        );
      const rows = idempotency ? await insertKeeping(idempotency, insert) : await insert();
      // Another request with the same key stored its note first: its answer is this one's.
      if (!Array.isArray(rows)) {
        await giveBack?.();
        return rows;
      }
      const row = rows[0];
      if (row) {
        countNote("created", {
          password_required: answer.password_required,
          multi_page: note.multiPage,
          ...row,
        });
        const created = { ...row, ...answer };
        return links ? { ...created, links } : created;
      }
    }
  } catch (error) {
    await giveBack?.();
    throw error;
  }
  await giveBack?.();
  throw new ApiError(
    "id_generation_failed",
    `Could not find a free note id after ${notePolicy.idAttempts} attempts; please retry.`,
  );
}
