import { ApiError } from "../http/api-error";
import { isNoteId } from "../notes/note-id";

// A request's id has a note id's shape (10 of [A-Za-z0-9]); an answer's number is 1 and up.

/** One answer for an unknown, expired, deleted or taken-down request, so none tells them apart. */
export const requestNotFound = () =>
  new ApiError("not_found", "No such request (it may have expired or been deleted).");

/** Ids of any other shape are not_found without a database round trip. */
export function assertRequestId(id: string): void {
  if (!isNoteId(id)) throw requestNotFound();
}

/** An answer's number from its path segment; not_found for anything but 1, 2, 3… */
export function answerNumberOf(segment: string): number {
  if (!/^[1-9][0-9]{0,8}$/.test(segment)) {
    throw new ApiError("not_found", "No such answer (it may have been deleted).");
  }
  return Number(segment);
}
