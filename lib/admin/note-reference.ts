import { isNoteId } from "../notes/note-id";

/**
 * The note id in what an administrator pasted: the id itself, or a note's URL (the viewer's
 * `<base>/<id>`, or an API URL ending in `/<id>`, `/<id>/meta` or `/<id>/read`), whatever its host.
 */
export function noteIdFromReference(reference: string): string | null {
  const text = reference.trim();
  if (isNoteId(text)) return text;
  if (!URL.canParse(text)) return null;
  const segments = new URL(text).pathname.split("/").filter(Boolean);
  if (segments.at(-1) === "meta" || segments.at(-1) === "read") segments.pop();
  const last = segments.at(-1);
  return last !== undefined && isNoteId(last) ? last : null;
}
