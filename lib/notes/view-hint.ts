import { makeRoom } from "../process/bounded-memory";
import { processSingleton } from "../process/process-singleton";

// The view hint: the notes this process has seen read as ordinary notes without a view limit or
// files. A note's limit is set when it is made and never changes, so the next read of such a note
// here may be planned as a view (viewNoteSql) rather than a consumption that may count, burn and
// purge (lib/notes/read-plan.ts). The hint is never trusted for an answer: that statement checks the
// limit itself, and a note gone since, or an id taken again by a new note, makes it find nothing,
// after which the hint is dropped and the read looks the note up. Bounded: the note hinted first is
// forgotten first.

/** At 10,000 ids of 10 characters, about 1 MiB. */
const capacity = 10_000;

const ids = processSingleton("view-hint", () => new Set<string>());

/** Hints that note `id` may be read as a view. */
export function addViewHint(id: string): void {
  if (ids.has(id)) return;
  makeRoom(ids, capacity);
  ids.add(id);
}

/** Whether note `id` is hinted to be read as a view (by this process, lately). */
export function hasViewHint(id: string): boolean {
  return ids.has(id);
}

/** Drops the hint for note `id`: its view found nothing. */
export function dropViewHint(id: string): void {
  ids.delete(id);
}
