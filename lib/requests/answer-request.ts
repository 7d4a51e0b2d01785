import "server-only";
import { isValidAnswerEnvelope } from "../crypto/request-envelope";
import { queryRows } from "../db";
import { sealingKeys } from "../env";
import { declareFiles, type Uploads } from "../files/declare-files";
import { filePayer } from "../files/file-budget";
import { declaredFilesIssue, type DeclaredFile } from "../files/file-schemas";
import { ApiError } from "../http/api-error";
import type { Reader } from "../notes/note-event-sql";
import { assertSignedIn, type SignedIn } from "../people/sign-in-gate";
import { assertRequestId, requestNotFound } from "./request-id";
import { requestPolicy } from "./request-policy";
import { answerRequestSql, liveRequestSql, type AnsweredRow, type RequestRow } from "./request-sql";

export type StoredAnswer = AnsweredRow & { uploads?: Uploads };

async function liveRequest(id: string): Promise<RequestRow> {
  const [request] = await queryRows<RequestRow>(liveRequestSql(id));
  if (!request) throw requestNotFound();
  return request;
}

/**
 * Stores an answer's envelope, and with `files` declares them for upload (end-to-end only: their
 * names are in the envelope). A request that took all its answers is `request_closed` (409: it is
 * there, it takes no more); an unknown or expired one is `not_found`; one for members only, from a
 * caller not signed in, `sign_in_required` (checked before anything is stored); files to a request
 * that does not take them `files_not_allowed`. Answers hold the limits of notes created without a key.
 */
export async function answerRequest(options: {
  id: string;
  envelope: string;
  files?: DeclaredFile[];
  reader: Reader;
  /** the responder's address as rate limits know it: the files are charged to it */
  client?: string;
  /** whether the responder is signed in: asked only for a request for members only */
  signedIn: SignedIn;
}): Promise<StoredAnswer> {
  const { id, envelope, reader } = options;
  assertRequestId(id);
  const size = Buffer.byteLength(envelope);
  if (size > requestPolicy.maxEnvelopeBytes) {
    throw new ApiError(
      "too_large",
      `The answer's envelope is ${size} bytes; the limit is ${requestPolicy.maxEnvelopeBytes} (512 KiB).`,
    );
  }
  if (!(await isValidAnswerEnvelope(envelope))) {
    throw new ApiError("bad_envelope", "envelope: its ephemeral key is not a P-256 point.");
  }
  const filesIssue = options.files && declaredFilesIssue(options.files, true);
  if (filesIssue) throw new ApiError("bad_files", `files: ${filesIssue}`);
  const request = await liveRequest(id);
  await assertSignedIn(request.sign_in_required, options.signedIn, "request");
  if (options.files && !request.files_allowed) {
    throw new ApiError(
      "files_not_allowed",
      "This request does not take files; send the answer without them.",
    );
  }
  const files =
    options.files &&
    declareFiles(options.files, { keyed: false, encrypted: true, payer: filePayer(null, options.client) });
  const giveBack = await files?.reserve();
  const [answered] = await queryRows<AnsweredRow>(
    answerRequestSql(id, envelope, reader, files?.rows(id, sealingKeys()[0])),
  ).catch(async (error: unknown) => {
    await giveBack?.();
    throw error;
  });
  if (answered) return { ...answered, ...(files && { uploads: files.uploads }) };
  await giveBack?.();
  throw new ApiError(
    "request_closed",
    `This request took all its ${request.max_answers} answer(s) and accepts no more.`,
  );
}
