import "server-only";
import { hashSecret } from "../crypto/secret-hash";
import { isValidPublicKey } from "../crypto/request-envelope";
import { queryRows } from "../db";
import { env, sealingKeys } from "../env";
import { ApiError } from "../http/api-error";
import type { ApiKeyIdentity } from "../keys/authenticate-request";
import { assertSignInAvailable } from "../people/sign-in-gate";
import type { ActingPerson } from "../people/acting-person";
import { generateNoteId } from "../notes/note-id";
import { notePolicy } from "../notes/note-policy";
import { sealNotifyTarget, type NotifyTarget } from "../notifications/notify-target";
import { requestPolicy } from "./request-policy";
import type { CreateRequestBody } from "./request-schemas";
import { sealRequestText } from "./request-sealing";
import { insertRequestSql } from "./request-sql";

export type CreatedRequestRow = {
  id: string;
  created_at: Date;
  expires_at: Date;
  max_answers: number;
  files_allowed: boolean;
  sign_in_required: boolean;
};

/** Stores a request: its public key, the hash of its owner proof, its title and instructions sealed. */
export async function createRequest(options: {
  body: CreateRequestBody;
  apiKey: ApiKeyIdentity | null;
  /** the person creating it (signed in, or the owner of the key): the request is theirs */
  person?: ActingPerson | null;
  /** injectable so tests can force id collisions */
  generateId?: () => string;
  /** who hears of its answers by email (lib/notifications) */
  notify?: Omit<NotifyTarget, "subjectId">;
}): Promise<CreatedRequestRow> {
  const { body, apiKey, generateId = generateNoteId } = options;
  assertSignInAvailable(body.sign_in_required);
  if (!(await isValidPublicKey(body.public_key))) {
    throw new ApiError(
      "bad_public_key",
      "public_key: must be base64url of an uncompressed P-256 point (65 bytes, 87 characters) on the curve.",
    );
  }
  const lifetime = env.TTL_CHOICES.get(body.ttl) ?? 0;
  for (let attempt = 0; attempt < notePolicy.idAttempts; attempt++) {
    const id = generateId();
    const notify =
      options.notify && sealNotifyTarget(sealingKeys()[0], { ...options.notify, subjectId: id }, null);
    const [row] = await queryRows<CreatedRequestRow>(
      insertRequestSql({
        id,
        lifetime,
        title: sealRequestText(id, "title", body.title),
        instructions: sealRequestText(id, "instructions", body.instructions ?? ""),
        max_answers: body.answers ?? requestPolicy.defaultAnswers,
        public_key: body.public_key,
        owner_proof_hash: hashSecret(body.owner_proof),
        files_allowed: body.files_allowed ?? false,
        sign_in_required: body.sign_in_required === true,
        api_key_id: apiKey?.id ?? null,
        created_by: options.person?.id ?? null,
        notify,
      }),
    );
    if (row) return row;
  }
  throw new ApiError(
    "id_generation_failed",
    `Could not find a free request id after ${notePolicy.idAttempts} attempts; please retry.`,
  );
}
