import type { CreatedShareRow } from "./create-share";
import type { ShareMetaRow } from "./get-share-meta";
import type { ReadShareRow } from "./read-share";
import type { CreatedShareResponse, ReadShareResponse, ShareMetaResponse } from "./share-response-schemas";

// One function per response shape, so a new column never leaks into the API by accident.

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const secondsOrNull = (date: Date | null) => (date ? seconds(date) : null);

export const shareUrl = (baseUrl: string, id: string) => `${baseUrl}/${id}`;
export const shareMetaUrl = (baseUrl: string, id: string) => `${baseUrl}/api/v1/shares/${id}/meta`;

export function toCreatedShareResponse(row: CreatedShareRow, baseUrl: string): CreatedShareResponse {
  return {
    id: row.id,
    url: shareUrl(baseUrl, row.id),
    created_at: seconds(row.created_at),
    expires_at: secondsOrNull(row.expires_at),
    burn_after: row.burn_after,
    password_required: row.password_required,
    content_type: row.content_type,
    page_count: row.page_count,
    owned: row.owned,
    api_key: row.owned,
    delete_token: row.delete_token,
  };
}

function remainingViews(row: { burn_after: number | null; read_count: number }) {
  return row.burn_after === null ? null : Math.max(row.burn_after - row.read_count, 0);
}

export function toShareMetaResponse(row: ShareMetaRow): ShareMetaResponse {
  return {
    id: row.id,
    password_required: row.password_required,
    created_at: seconds(row.created_at),
    expires_at: secondsOrNull(row.expires_at),
    burn_after: row.burn_after,
    remaining_views: remainingViews(row),
    content_type: row.content_type,
    page_count: row.page_count,
  };
}

export function toReadShareResponse(row: ReadShareRow): ReadShareResponse {
  const [first] = row.pages;
  return {
    id: row.id,
    content: first?.content ?? "",
    content_type: first?.content_type ?? "markdown",
    html: first?.html ?? "",
    created_at: seconds(row.created_at),
    expires_at: secondsOrNull(row.expires_at),
    burn_after: row.burn_after,
    remaining_views: remainingViews(row),
    burned: row.burned,
    // HTML_MODE=trusted: the keyed HTML note as written, for the viewer's sandboxed frame only.
    ...(first?.raw_html && { raw_html: first.raw_html }),
    ...(row.multi_page && {
      pages: row.pages.map((page) => ({
        index: page.page_index,
        title: page.title ?? "",
        content: page.content,
        content_type: page.content_type,
        html: page.html,
      })),
    }),
  };
}
