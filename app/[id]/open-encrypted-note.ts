import type { useTranslations } from "next-intl";
import { loadRenderer } from "@/lib/browser/load-renderer";
import { EnvelopeError, openNote } from "@/lib/crypto/envelope";
import type { ReadNoteResponse } from "@/lib/notes/note-response-schemas";

/** The link's key: the fragment of `/<id>#<key>`, which the browser never sends to the server. */
export const linkKey = () => window.location.hash.slice(1);

/** Follows changes of the fragment, for useSyncExternalStore. */
export function subscribeToFragment(onChange: () => void): () => void {
  window.addEventListener("hashchange", onChange);
  return () => window.removeEventListener("hashchange", onChange);
}

/**
 * An end-to-end encrypted note as the API returned it, opened here with the link's key (and the
 * password, when it was sealed with one), its pages rendered by the same allow-list as every other
 * note: the envelope holds whatever its creator put in it, so its text is never trusted as HTML.
 */
export async function openEncryptedNote(
  note: ReadNoteResponse,
  key: string,
  password: string | undefined,
): Promise<ReadNoteResponse> {
  const [document, render] = await Promise.all([openNote(note.content, key, password), loadRenderer()]);
  const pages = document.pages.map((page, index) => ({
    index,
    title: page.title,
    content: page.content,
    content_type: page.format,
    html: render(page.content, page.format),
  }));
  const [first] = pages;
  if (!first) throw new EnvelopeError("bad_document", "The note opened, but holds no page.");
  return {
    ...note,
    content: first.content,
    content_type: first.content_type,
    html: first.html,
    ...(pages.length > 1 && { pages }),
  };
}

/** Why an encrypted note could not be opened, in words for the person holding the link. */
export function openFailureMessage(
  t: ReturnType<typeof useTranslations<"openErrors">>,
  error: unknown,
): string {
  return error instanceof EnvelopeError ? t(error.reason) : t("other");
}
