import "server-only";
import { queryRows } from "../db";
import { assertNoteId, notFound } from "../notes/note-id";
import type { ContentType } from "../notes/note-policy";
import { storedPagesSql } from "../notes/note-sql";

type StoredPageRow = {
  id: string;
  page_index: number | null;
  title: string | null;
  content: string | null;
  content_type: ContentType | null;
};

export type ReviewedPage = {
  page_index: number;
  title: string | null;
  content: string;
  content_type: ContentType;
};

/**
 * A stored note's pages as written, for moderation: reads nothing through the consuming path, so
 * no view is counted. A burned note has no pages left.
 */
export async function reviewNote(options: { id: string }): Promise<{ id: string; pages: ReviewedPage[] }> {
  assertNoteId(options.id);
  const rows = await queryRows<StoredPageRow>(storedPagesSql(options.id));
  const [first] = rows;
  if (!first) throw notFound();
  const pages = rows.flatMap(({ page_index, title, content, content_type }) =>
    page_index === null || content === null || content_type === null
      ? []
      : [{ page_index, title, content, content_type }],
  );
  return { id: first.id, pages };
}
