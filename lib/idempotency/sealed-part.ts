import "server-only";
import { digestsEqual } from "../crypto/digest";
import { open, seal } from "../crypto/seal";
import { sealingKeys } from "../env";
import { ApiError } from "../http/api-error";
import type { CreateIdempotency } from "./idempotency-key";
import type { KeepAnswer } from "./kept-answer-sql";
import { keepingUnder } from "./run-keeping";

// A create's kept answer holds what it shows once and a database dump must not (a delete token,
// say) sealed with ENCRYPTION_KEYS, bound to its row's lookup, beside the fingerprint of the body
// the key was first sent with: a retry with the same key and another body is refused.

const associatedData = (lookup: string) => `notes/v1|kept answer|${lookup}`;

/** What the create's statement keeps: `part` and the body's fingerprint, sealed. */
export function sealPart(idempotency: CreateIdempotency, part: object): KeepAnswer & { sealed: string } {
  const { lookup, fingerprint } = idempotency;
  const sealed = seal(sealingKeys()[0], JSON.stringify({ ...part, fingerprint }), associatedData(lookup));
  return { ...keepingUnder(lookup), sealed };
}

/** The part sealed by sealPart; refuses a body other than the one the key was first sent with. */
export function openPart<P extends object>(idempotency: CreateIdempotency, sealed: string): P {
  const { fingerprint, ...part } = JSON.parse(
    open(sealingKeys(), sealed, associatedData(idempotency.lookup)),
  ) as { fingerprint: string };
  if (!digestsEqual(Buffer.from(fingerprint), Buffer.from(idempotency.fingerprint))) {
    throw new ApiError(
      "idempotency_conflict",
      "This Idempotency-Key was sent with another body: a new note needs a new key.",
    );
  }
  return part as P;
}
