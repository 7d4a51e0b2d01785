import "server-only";
import { queryRows } from "../db";
import { ApiError } from "../http/api-error";
import { isShareId } from "./share-id";
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

export const notFound = () => new ApiError("not_found", "No such note (it may have expired or been burned).");

/** Metadata of a live note. Never counts a view and never touches the content. */
export async function getShareMeta(options: { id: string }): Promise<ShareMetaRow> {
  if (!isShareId(options.id)) throw notFound();
  const rows = await queryRows<ShareMetaRow>(shareMetaSql(options.id));
  const row = rows[0];
  if (!row) throw notFound();
  return row;
}
