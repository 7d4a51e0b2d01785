import type { IssuedApiKey } from "../keys/issue-api-key";
import type { ModeratedNote } from "./find-note-for-moderation";
import type { reviewShare } from "./review-share";

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
    created_at: iso(note.createdAt),
    expires_at: iso(note.expiresAt),
    burned_at: iso(note.burnedAt),
    read_count: note.readCount,
    burn_after: note.burnAfter,
    password_required: note.passwordRequired,
    content_type: note.contentType,
    page_count: note.pageCount,
    size_bytes: note.sizeBytes,
    owner: note.apiKey && { label: note.apiKey.label, prefix: note.apiKey.prefix },
  };
}

export type ModeratedNoteResponse = ReturnType<typeof toModeratedNoteResponse>;

export function toReviewResponse(note: Awaited<ReturnType<typeof reviewShare>>) {
  return {
    id: note.id,
    pages: note.pages.map((page) => ({
      index: page.pageIndex,
      title: page.title ?? "",
      content: page.content,
      content_type: page.contentType,
    })),
  };
}

export type ReviewResponse = ReturnType<typeof toReviewResponse>;
