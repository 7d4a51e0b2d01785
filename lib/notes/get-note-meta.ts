import "server-only";
import { queryRows } from "../db";
import { assertSignedIn, type SignedIn } from "../people/sign-in-gate";
import { assertNoteId, notFound } from "./note-id";
import type { ContentType } from "./note-policy";
import { noteMetaSql, ownerMetaSql } from "./note-sql";

export type NoteMetaRow = {
  id: string;
  /** epoch seconds */
  created_at: number;
  expires_at: number | null;
  burn_after: number | null;
  /** reads left (an owner handle's: its live links' together); null: no limit */
  remaining_views: number | null;
  /** an owner handle's live recipients' links; null for any other note */
  live_links: number | null;
  password_required: boolean;
  content_type: ContentType;
  page_count: number;
  /** wrong passwords left before the note is destroyed; null: no limit */
  password_attempts_left: number | null;
  encrypted: boolean;
  /** for members only: answered only to a signed-in caller */
  sign_in_required: boolean;
  /** files attached; 0: none */
  file_count: number;
  /** files still being uploaded: reads answer files_incomplete */
  files_pending: boolean;
};

/**
 * Metadata of a live note. Never counts a view and never touches the content. Whether a note is an
 * owner handle is fixed when it is made; an owner handle's answer comes whole from its own
 * statement, so that its links' views and its other columns are of one moment. A note for members
 * only is answered to a signed-in caller alone (`signedIn` is asked only then).
 */
export async function getNoteMeta(options: { id: string; signedIn: SignedIn }): Promise<NoteMetaRow> {
  assertNoteId(options.id);
  const [note] = await queryRows<NoteMetaRow>(noteMetaSql(options.id));
  const found =
    note?.live_links === null ? note : note && (await queryRows<NoteMetaRow>(ownerMetaSql(options.id)))[0];
  if (!found) throw notFound();
  await assertSignedIn(found.sign_in_required, options.signedIn, "note");
  return found;
}
