import "server-only";
import { queryRows } from "../db";
import { assertShareId, notFound } from "./share-id";
import type { ContentType } from "./share-policy";
import { shareMetaSql } from "./share-sql";

export type ShareMetaRow = {
  id: string;
  created_at: Date;
  expires_at: Date | null;
  burn_after: number | null;
  read_count: number;
  password_required: boolean;
  content_type: ContentType;
  page_count: number;
};

/** Metadata of a live note. Never counts a view and never touches the content. */
export async function getShareMeta(options: { id: string }): Promise<ShareMetaRow> {
  assertShareId(options.id);
  const [row] = await queryRows<ShareMetaRow>(shareMetaSql(options.id));
  if (!row) throw notFound();
  return row;
}
