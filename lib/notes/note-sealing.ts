import { open, seal, type SealingKey } from "../crypto/seal";

// A page's text at rest: title, content, html and raw_html are each sealed on their own, bound to
// their note, page and field. `sealed_by` names the key (a server key's id, or "pw" for the note's
// password); null marks a page stored before sealing, which is read as it is until re-sealed.

export type PageText = {
  page_index: number;
  title: string | null;
  content: string;
  html: string;
  raw_html: string | null;
};

export type StoredPageText = PageText & { sealed_by: string | null };

const associatedData = (noteId: string, pageIndex: number, field: keyof PageText) =>
  `notes/v1|${noteId}|${pageIndex}|${field}`;

export function sealPage<T extends PageText>(
  key: SealingKey,
  noteId: string,
  page: T,
): T & { sealed_by: string } {
  const sealField = (field: keyof PageText, value: string) =>
    seal(key, value, associatedData(noteId, page.page_index, field));
  return {
    ...page,
    title: page.title === null ? null : sealField("title", page.title),
    content: sealField("content", page.content),
    html: sealField("html", page.html),
    raw_html: page.raw_html === null ? null : sealField("raw_html", page.raw_html),
    sealed_by: key.id,
  };
}

/** The page's plaintext; throws SealError when none of `keys` sealed it or it was tampered with. */
export function openPage<T extends StoredPageText>(
  keys: readonly SealingKey[],
  noteId: string,
  page: T,
): T & PageText {
  if (page.sealed_by === null) return page;
  const openField = (field: keyof PageText, value: string) =>
    open(keys, value, associatedData(noteId, page.page_index, field));
  return {
    ...page,
    title: page.title === null ? null : openField("title", page.title),
    content: openField("content", page.content),
    html: openField("html", page.html),
    raw_html: page.raw_html === null ? null : openField("raw_html", page.raw_html),
  };
}
