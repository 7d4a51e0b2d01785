import "server-only";
import { passwordKeyId } from "../crypto/password-hash";
import { SealError } from "../crypto/seal";
import { queryRows } from "../db";
import { sealingKeys } from "../env";
import { assertNoteId, notFound } from "../notes/note-id";
import type { ContentType } from "../notes/note-policy";
import { openPage, type StoredPageText } from "../notes/note-sealing";
import { storedPagesSql } from "../notes/note-admin-sql";

type StoredPageRow = { id: string } & (
  (StoredPageText & { content_type: ContentType }) | { page_index: null; content_type: null }
);

type ReviewedPage = {
  page_index: number;
  title: string | null;
  content: string;
  content_type: ContentType;
};

export type ReviewedNote = {
  id: string;
  pages: ReviewedPage[];
  /** why the content cannot be shown (sealed by its password, or by a key not configured); else null */
  unreadable: string | null;
};

const sealedByPassword =
  "This note is sealed by its password: the server cannot open it, so its content cannot be " +
  "reviewed here. Its metadata is shown above, and it can still be deleted.";

/**
 * A stored note's pages as written, for moderation, opened with the server's keys: reads nothing
 * through the consuming path, so no view is counted. A burned note has no pages left.
 */
export async function reviewNote(options: { id: string }): Promise<ReviewedNote> {
  assertNoteId(options.id);
  const rows = await queryRows<StoredPageRow>(storedPagesSql(options.id));
  const [first] = rows;
  if (!first) throw notFound();
  const stored = rows.flatMap((row) => (row.page_index === null ? [] : [row]));
  if (stored.some((page) => page.sealed_by === passwordKeyId)) {
    return { id: first.id, pages: [], unreadable: sealedByPassword };
  }
  try {
    const pages = stored.map((page) => {
      const { page_index, title, content, content_type } = openPage(sealingKeys(), first.id, page);
      return { page_index, title, content, content_type };
    });
    return { id: first.id, pages, unreadable: null };
  } catch (error) {
    if (!(error instanceof SealError)) throw error;
    return { id: first.id, pages: [], unreadable: `This note's content cannot be opened: ${error.message}` };
  }
}
