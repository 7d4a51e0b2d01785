// What a process remembers to spare itself work (lib/notes/view-hint.ts,
// lib/notes/browser-family.ts) is bounded: past its capacity, the entry remembered first goes.

/** Makes room for one more entry in `entries`: when it holds `capacity`, forgets the oldest. */
export function makeRoom(entries: Map<unknown, unknown> | Set<unknown>, capacity: number): void {
  if (entries.size < capacity) return;
  const oldest = entries.keys().next();
  if (!oldest.done) entries.delete(oldest.value);
}
