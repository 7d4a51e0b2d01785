// Which statement of note-read-sql.ts reads a note: the one choice a read makes, from what is known
// of the note when it is made.

/**
 * - `view`: an ordinary note without a view limit or files, only looked at (viewNoteSql);
 * - `consume`: an ordinary note without files, which may count a view, burn and purge
 *   (consumeNoteSql; it reads a note without a view limit as well);
 * - `link`: a recipient's link, which reads its owner's pages and whose last view may end the owner;
 *   with `files`, it stores its reader's download grant;
 * - `grant`: an ordinary note with files, consumed storing its reader's download grant.
 */
export type ReadPlan =
  { kind: "view" } | { kind: "consume" } | { kind: "link"; files: boolean } | { kind: "grant" };

/** What is known of a note: before its lookup, only the view hint (view-hint.ts); after, the lookup's row. */
export type KnownNote = { viewHint: boolean } | { link: boolean; unlimited: boolean; fileCount: number };

/**
 * The plan for a read of a note known as `known`. A read that keeps its answer for an
 * Idempotency-Key (`keeping`) is never a view: only a consumption keeps one.
 */
export function pickReadPlan(known: KnownNote, options: { keeping: boolean }): ReadPlan {
  if ("viewHint" in known) return known.viewHint && !options.keeping ? { kind: "view" } : { kind: "consume" };
  if (known.link) return { kind: "link", files: known.fileCount > 0 };
  if (known.fileCount > 0) return { kind: "grant" };
  return known.unlimited && !options.keeping ? { kind: "view" } : { kind: "consume" };
}

/** Whether a read by `plan` hands its reader a download grant for the note's files. */
export const grantsFiles = (plan: ReadPlan) => plan.kind === "grant" || (plan.kind === "link" && plan.files);
