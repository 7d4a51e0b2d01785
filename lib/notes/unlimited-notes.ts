import { makeRoom } from "../process/bounded-memory";
import { processSingleton } from "../process/process-singleton";

// The notes this process has seen read without a view limit. A note's limit is set when it is made
// and never changes, so the next read of such a note here can run the statement that only looks
// (viewNoteSql) rather than the one that may count, burn and purge. The hint is never trusted for
// an answer: that statement checks the limit itself, and a note gone since, or an id taken again by
// a new note, makes it find nothing, after which the read runs the statement that may count and the
// hint is forgotten, so that a gone note costs its later reads no second statement. Bounded: the
// note remembered first is forgotten first.

/** At 10,000 ids of 10 characters, about 1 MiB. */
const capacity = 10_000;

const ids = processSingleton("unlimited-notes", () => new Set<string>());

/** Remembers that note `id` was read without a view limit. */
export function rememberUnlimited(id: string): void {
  if (ids.has(id)) return;
  makeRoom(ids, capacity);
  ids.add(id);
}

/** Whether note `id` was seen read without a view limit (by this process, lately). */
export function seenUnlimited(id: string): boolean {
  return ids.has(id);
}

/** Forgets note `id`: the statement that only looks found nothing for it. */
export function forgetUnlimited(id: string): void {
  ids.delete(id);
}
