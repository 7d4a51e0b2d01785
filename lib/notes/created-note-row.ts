import type { Uploads } from "../files/declare-files";
import type { RecipientLink } from "./note-link-sql";
import type { ContentType } from "./note-policy";

/** A created note as createNote answers it (and a retry with its Idempotency-Key gets it again). */
export type CreatedNoteRow = {
  id: string;
  created_at: Date;
  expires_at: Date | null;
  burn_after: number | null;
  password_required: boolean;
  content_type: ContentType;
  page_count: number;
  encrypted: boolean;
  /** for members only (sign_in_required) */
  sign_in_required: boolean;
  owned: boolean;
  /** shown once; only for notes created without a key (a key deletes its own notes) */
  delete_token: string | null;
  /** with recipients: one link each, in the order given (the note's own id is the owner handle) */
  links?: RecipientLink[];
  /** with files: the upload token and where each file's chunks go (shown once) */
  uploads?: Uploads;
};
