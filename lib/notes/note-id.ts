import { randomAlphanumeric } from "../crypto/random-string";
import { ApiError } from "../http/api-error";
import { notePolicy, noteIdPattern } from "./note-policy";

export function generateNoteId(): string {
  return randomAlphanumeric(notePolicy.idLength);
}

export function isNoteId(value: string): boolean {
  return noteIdPattern.test(value);
}

/** One answer for an unknown, expired, burned or someone else's note, so none tells them apart. */
export const notFound = () => new ApiError("not_found", "No such note (it may have expired or been burned).");

/** Ids of any other shape are not_found without a database round trip. */
export function assertNoteId(value: string): void {
  if (!isNoteId(value)) throw notFound();
}
