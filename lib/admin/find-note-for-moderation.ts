import "server-only";
import { queryRows } from "../db";
import { sealingKeys } from "../env";
import { assertNoteId, notFound } from "../notes/note-id";
import type { ContentType } from "../notes/note-policy";
import { storedNoteSql } from "../notes/note-admin-sql";
import { openRecipientLabel } from "../notes/recipient-sealing";

const byLabel = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type StoredStatus = "live" | "expired" | "burned";

/** A recipient's link of a note; its read count is its own, against the note's burn_after. */
type ModeratedLink = { id: string; label: string; read_count: number; status: StoredStatus };

export type ModeratedNote = {
  id: string;
  status: StoredStatus;
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
  /** its recipients' links still stored (none for an ordinary note), by label */
  links: ModeratedLink[];
};

/**
 * What moderation sees of a stored note (live, or expired or burned but not yet purged): its
 * metadata, owner and recipients' links, never its content, and without counting a view. A
 * recipient's link id finds the note it belongs to.
 */
export async function findNoteForModeration(options: { id: string }): Promise<ModeratedNote> {
  assertNoteId(options.id);
  const [note] = await queryRows<ModeratedNote>(storedNoteSql(options.id));
  if (!note) throw notFound();
  const keys = sealingKeys();
  const links = note.links.map((link) => ({ ...link, label: openRecipientLabel(keys, link.id, link.label) }));
  // By label, case aside (labels are sealed: the database cannot order them).
  links.sort((a, b) => byLabel(a.label.toLowerCase(), b.label.toLowerCase()) || byLabel(a.label, b.label));
  return { ...note, links };
}
