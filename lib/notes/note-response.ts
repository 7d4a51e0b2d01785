import { toUploadsResponse } from "../files/declare-files";
import { downloadUrl } from "../files/grant-files";
import type { CreatedNoteRow } from "./created-note-row";
import type { NoteMetaRow } from "./get-note-meta";
import type { EmailFailures } from "../notifications/email-failures";
import type { TargetFailure } from "../webhooks/target-failures";
import type { NoteEvent } from "./note-events";
import type { ReadNoteRow } from "./open-consumed-rows";
import type {
  CreatedNoteResponse,
  ReadNoteResponse,
  NoteMetaResponse,
  NoteEventsResponse,
  KeyNotesResponse,
} from "./note-response-schemas";
import type { KeyNoteRow } from "./note-event-sql";

// One function per response shape, so a new column never leaks into the API by accident.

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const secondsOrNull = (date: Date | null) => (date ? seconds(date) : null);

const noteUrl = (baseUrl: string, id: string) => `${baseUrl}/${id}`;
export const noteMetaUrl = (baseUrl: string, id: string) => `${baseUrl}/api/v1/shares/${id}/meta`;

export function toCreatedNoteResponse(row: CreatedNoteRow, baseUrl: string): CreatedNoteResponse {
  return {
    id: row.id,
    url: noteUrl(baseUrl, row.id),
    ...(row.links && {
      links: row.links.map((link) => ({ label: link.label, id: link.id, url: noteUrl(baseUrl, link.id) })),
    }),
    created_at: seconds(row.created_at),
    expires_at: secondsOrNull(row.expires_at),
    burn_after: row.burn_after,
    password_required: row.password_required,
    content_type: row.content_type,
    page_count: row.page_count,
    encrypted: row.encrypted,
    ...(row.sign_in_required && { sign_in_required: true as const }),
    owned: row.owned,
    api_key: row.owned,
    delete_token: row.delete_token,
    ...(row.uploads && toUploadsResponse(row.uploads, `${baseUrl}/api/v1/shares/${row.id}/files`)),
  };
}

function remainingViews(row: { burn_after: number | null; read_count: number }) {
  return row.burn_after === null ? null : Math.max(row.burn_after - row.read_count, 0);
}

export function toNoteMetaResponse(row: NoteMetaRow): NoteMetaResponse {
  return {
    id: row.id,
    password_required: row.password_required,
    created_at: row.created_at,
    expires_at: row.expires_at,
    burn_after: row.burn_after,
    remaining_views: row.remaining_views,
    ...(row.live_links !== null && { live_links: row.live_links }),
    password_attempts_left: row.password_attempts_left,
    content_type: row.content_type,
    page_count: row.page_count,
    encrypted: row.encrypted,
    ...(row.sign_in_required && { sign_in_required: true as const }),
    ...(row.file_count > 0 && { file_count: row.file_count, files_pending: row.files_pending }),
  };
}

/** A read's files, each with its download link under `baseUrl`. */
function filesAnswer(id: string, files: NonNullable<ReadNoteRow["files"]>, baseUrl: string) {
  return files.map((file) => ({
    index: file.index,
    size: file.size,
    ...(file.name !== undefined && { name: file.name, type: file.type }),
    download_url: downloadUrl(baseUrl, id, file),
  }));
}

/** A read's answer; `baseUrl` gives the site root its files' download links start with. */
export function toReadNoteResponse(row: ReadNoteRow, baseUrl: () => string): ReadNoteResponse {
  const [first] = row.pages;
  return {
    id: row.id,
    content: first?.content ?? "",
    content_type: first?.content_type ?? "markdown",
    // An encrypted note's content is its envelope, which only a client holding the key can render.
    html: row.encrypted ? null : (first?.html ?? ""),
    encrypted: row.encrypted,
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
    ...(row.files && { files: filesAnswer(row.id, row.files, baseUrl()) }),
  };
}

export function toNoteEventsResponse(
  id: string,
  events: NoteEvent[],
  emailFailures: EmailFailures | null,
  targetFailures: TargetFailure[],
): NoteEventsResponse {
  return {
    id,
    events: events.map((event) => ({
      type: event.type as NoteEventsResponse["events"][number]["type"],
      at: seconds(event.at),
      remaining_views: event.remaining_views === null ? null : Math.max(event.remaining_views, 0),
      client: event.client,
      browser: event.browser,
      recipient: event.recipient,
    })),
    notify_email: emailFailures && { ...emailFailures, since: seconds(emailFailures.since) },
    notify_targets: targetFailures.map((failure) => ({ ...failure, since: seconds(failure.since) })),
  };
}

export function toKeyNotesResponse(
  notes: KeyNoteRow[],
  nextCursor: string | null,
  baseUrl: string,
): KeyNotesResponse {
  return {
    notes: notes.map((note) => ({
      id: note.id,
      url: noteUrl(baseUrl, note.id),
      status: note.status,
      created_at: seconds(note.created_at),
      expires_at: secondsOrNull(note.expires_at),
      burn_after: note.burn_after,
      remaining_views:
        note.status !== "live"
          ? 0
          : remainingViews({ burn_after: note.burn_after, read_count: note.read_count ?? 0 }),
      recipients: note.recipients,
      encrypted: note.encrypted,
    })),
    next_cursor: nextCursor,
  };
}
