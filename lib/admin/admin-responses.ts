import { passwordKeyId } from "../crypto/password-hash";
import type { IssuedApiKey } from "../keys/issue-api-key";
import type { ModeratedNote } from "./find-note-for-moderation";
import type { ReviewedNote } from "./review-note";

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

/** How the note's content is kept: by its password, a server key, or not yet (stored before sealing). */
function sealingOf(sealedBy: string | null) {
  if (sealedBy === null) return "none";
  return sealedBy === passwordKeyId ? "password" : `server key ${sealedBy}`;
}

/** `lookedUp`: the id asked for, the note's own or one of its recipients' links. */
export function toModeratedNoteResponse(note: ModeratedNote, lookedUp: string) {
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
    sealing: sealingOf(note.sealed_by),
    encrypted: note.encrypted,
    owner: note.key_prefix === null ? null : { label: note.key_label ?? "", prefix: note.key_prefix },
    links: note.links.map((link) => ({
      id: link.id,
      label: link.label,
      status: link.status,
      read_count: link.read_count,
      looked_up: link.id === lookedUp,
    })),
  };
}

export type ModeratedNoteResponse = ReturnType<typeof toModeratedNoteResponse>;

export function toReviewResponse(note: ReviewedNote) {
  return {
    id: note.id,
    unreadable: note.unreadable,
    pages: note.pages.map((page) => ({
      index: page.page_index,
      title: page.title ?? "",
      content: page.content,
      content_type: page.content_type,
    })),
  };
}

export type ReviewResponse = ReturnType<typeof toReviewResponse>;
