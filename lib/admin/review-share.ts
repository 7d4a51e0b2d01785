import "server-only";
import { findStoredShare } from "./find-stored-share";

/**
 * A stored note's pages as written, for moderation: reads nothing through the consuming path, so
 * no view is counted. A burned note has no pages left.
 */
export async function reviewShare(options: { id: string }) {
  return findStoredShare(options.id, {
    id: true,
    pages: {
      orderBy: { pageIndex: "asc" },
      select: { pageIndex: true, title: true, content: true, contentType: true },
    },
  });
}
