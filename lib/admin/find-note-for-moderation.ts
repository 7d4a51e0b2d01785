import "server-only";
import { queryRows } from "../db";
import { assertNoteId, notFound } from "../notes/note-id";
import type { ContentType } from "../notes/note-policy";
import { storedNoteSql } from "../notes/note-admin-sql";

export type ModeratedNote = {
  id: string;
  status: "live" | "expired" | "burned";
  created_at: Date;
  expires_at: Date | null;
  burned_at: Date | null;
  burn_after: number | null;
  read_count: number;
  password_required: boolean;
  content_type: ContentType;
  page_count: number;
  size_bytes: number;
  /** the key that sealed its pages ("pw": its password); null: no pages, or stored before sealing */
  sealed_by: string | null;
  encrypted: boolean;
  key_label: string | null;
  key_prefix: string | null;
};

/**
 * What moderation sees of a stored note (live, or expired or burned but not yet purged): its
 * metadata and owner, never its content, and without counting a view.
 */
export async function findNoteForModeration(options: { id: string }): Promise<ModeratedNote> {
  assertNoteId(options.id);
  const [note] = await queryRows<ModeratedNote>(storedNoteSql(options.id));
  if (!note) throw notFound();
  return note;
}
