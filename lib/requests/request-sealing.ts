import { open, seal } from "../crypto/seal";
import { sealingKeys } from "../env";

// A request's title and instructions at rest, sealed with the server's first key and bound to the
// request and the field, as a note's pages are. They are not end-to-end: every responder reads them.

type Field = "title" | "instructions";

const associatedData = (requestId: string, field: Field) => `requests/v1|${requestId}|${field}`;

export function sealRequestText(requestId: string, field: Field, text: string): string {
  return seal(sealingKeys()[0], text, associatedData(requestId, field));
}

/** Throws SealError when none of the configured keys sealed it, or it was altered. */
export function openRequestText(requestId: string, field: Field, sealed: string): string {
  return open(sealingKeys(), sealed, associatedData(requestId, field));
}
