import type { IssuedApiKey } from "../keys/issue-api-key";
import type { ModeratedNote } from "./find-note-for-moderation";
import type { ReviewedPage } from "./review-note";

// The admin API's response shapes, one function each, so no column leaks by accident. Times are
// ISO 8601 strings: only the admin page reads these.

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toIssuedKeyResponse(issued: IssuedApiKey) {
  return {
    id: issued.id,
    label: issued.label,
    prefix: issued.prefix,
    created_at: iso(issued.createdAt),
    key: issued.key,
  };
}

export function toModeratedNoteResponse(note: ModeratedNote) {
  return {
    id: note.id,
    status: note.status,
    created_at: iso(note.created_at),
    expires_at: iso(note.expires_at),
    burned_at: iso(note.burned_at),
    read_count: note.read_count,
    burn_after: note.burn_after,
    password_required: note.password_required,
    content_type: note.content_type,
    page_count: note.page_count,
    size_bytes: note.size_bytes,
    encrypted: note.encrypted,
    owner: note.key_prefix === null ? null : { label: note.key_label ?? "", prefix: note.key_prefix },
  };
}

export type ModeratedNoteResponse = ReturnType<typeof toModeratedNoteResponse>;

export function toReviewResponse(note: { id: string; pages: ReviewedPage[] }) {
  return {
    id: note.id,
    pages: note.pages.map((page) => ({
      index: page.page_index,
      title: page.title ?? "",
      content: page.content,
      content_type: page.content_type,
    })),
  };
}

export type ReviewResponse = ReturnType<typeof toReviewResponse>;
