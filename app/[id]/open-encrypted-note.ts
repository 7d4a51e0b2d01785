import type { useTranslations } from "next-intl";
import type { NoteFile } from "@/lib/browser/file-download";
import { loadRenderer } from "@/lib/browser/load-renderer";
import { EnvelopeError, openNoteWithFilesKey } from "@/lib/crypto/envelope";
import { fileKey } from "@/lib/crypto/file-envelope";
import { savableFileName } from "@/lib/files/file-name";
import type { ReadNoteResponse } from "@/lib/notes/note-response-schemas";

/** The link's key: the fragment of `/<id>#<key>`, which the browser never sends to the server. */
export const linkKey = () => window.location.hash.slice(1);

/** Follows changes of the fragment, for useSyncExternalStore. */
export function subscribeToFragment(onChange: () => void): () => void {
  window.addEventListener("hashchange", onChange);
  return () => window.removeEventListener("hashchange", onChange);
}

/** A note as the viewer shows it: its pages, and its files with what it takes to fetch and open them. */
export type OpenedNote = { note: ReadNoteResponse; files: NoteFile[] };

/** A note the server opened: its files come named by the read, shown made harmless (lib/files/file-name.ts). */
export function plainNote(note: ReadNoteResponse): OpenedNote {
  const files = (note.files ?? []).map((file) => ({
    index: file.index,
    size: file.size,
    download_url: file.download_url,
    name:
      file.name === null || file.name === undefined
        ? `file-${file.index + 1}`
        : savableFileName(file.name, file.index),
    type: file.type ?? "application/octet-stream",
    key: null,
  }));
  return { note, files };
}

/** An end-to-end note's files: name, type and key from its envelope, where to fetch them from the read. */
function sealedFiles(
  note: ReadNoteResponse,
  described: { name: string; type: string; salt: string }[],
  filesKey: CryptoKey,
): Promise<NoteFile[]> {
  const granted = note.files ?? [];
  if (granted.length !== described.length) {
    throw new EnvelopeError("bad_document", "The note's files do not match its envelope.");
  }
  return Promise.all(
    granted.map(async (file, index) => {
      const { name, type, salt } = described[index] ?? { name: "", type: "", salt: "" };
      return { ...file, name, type, key: await fileKey(filesKey, salt) };
    }),
  );
}

/**
 * An end-to-end encrypted note as the API returned it, opened here with the link's key (and the
 * password, when it was sealed with one), its pages rendered by the same allow-list as every other
 * note: the envelope holds whatever its creator put in it, so its text is never trusted as HTML.
 * A note of files alone has no page.
 */
export async function openEncryptedNote(
  note: ReadNoteResponse,
  key: string,
  password: string | undefined,
): Promise<OpenedNote> {
  const [{ document, filesKey }, render] = await Promise.all([
    openNoteWithFilesKey(note.content, key, password),
    loadRenderer(),
  ]);
  const files = await sealedFiles(note, document.files ?? [], filesKey);
  const pages = document.pages.map((page, index) => ({
    index,
    title: page.title,
    content: page.content,
    content_type: page.format,
    html: render(page.content, page.format),
  }));
  const [first] = pages;
  if (!first && files.length === 0)
    throw new EnvelopeError("bad_document", "The note opened, but holds no page.");
  const opened = {
    ...note,
    content: first?.content ?? "",
    content_type: first?.content_type ?? note.content_type,
    html: first?.html ?? "",
    ...(pages.length > 1 && { pages }),
  };
  return { note: opened, files };
}

/** Why an encrypted note could not be opened, in words for the person holding the link. */
export function openFailureMessage(
  t: ReturnType<typeof useTranslations<"openErrors">>,
  error: unknown,
): string {
  return error instanceof EnvelopeError ? t(error.reason) : t("other");
}
