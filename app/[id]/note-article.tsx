"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { formatDateTime } from "@/lib/i18n/format-date-time";
import { CLOBBER_PREFIX } from "@/lib/render/sanitize-schema";
import type { NoteFile } from "@/lib/browser/file-download";
import { CodeCopy } from "./code-copy";
import { FileList } from "./file-list";
import { NoteActions } from "./note-actions";
import { NoteCountdown } from "./note-countdown";
import { NoteTabs, type NotePage } from "./note-tabs";
import { NoteHtml } from "./remote-images";
import { TrustedFrame } from "./trusted-frame";
import type { ReadNoteResponse } from "@/lib/notes/note-response-schemas";

/** `#page-N` (1-based, as people count) names a page of a multi-page note. */
const PAGE_FRAGMENT = /^#page-(\d+)$/;

/** The page `#page-N` names, or null when the fragment is not a page's (an in-note link's target). */
function pageFromHash(count: number): number | null {
  const match = PAGE_FRAGMENT.exec(window.location.hash);
  if (!match) return null;
  const index = Number(match[1]) - 1;
  return index >= 0 && index < count ? index : 0;
}

function pagesOf(note: ReadNoteResponse): NotePage[] {
  if (note.pages) return note.pages;
  const html = note.html ?? "";
  return [{ index: 0, title: "", content: note.content, content_type: note.content_type, html }];
}

type Props = { note: ReadNoteResponse; files: NoteFile[]; frameStyleNonce: string };

/**
 * The note after the one read: every page came in that read, so switching pages costs nothing; its
 * files came as grants to fetch them for a while.
 */
export function NoteArticle({ note, files, frameStyleNonce }: Props) {
  const pages = pagesOf(note);
  // A note of files alone shows no empty text.
  const textless = files.length > 0 && pages.length === 1 && note.content === "";
  const [current, setCurrent] = useState(0);
  // Per note, never remembered: each note's remote images wait for their own click.
  const [imagesAllowed, setImagesAllowed] = useState(false);
  const images = { allowed: imagesAllowed, allow: () => setImagesAllowed(true) };
  const heading = useRef<HTMLHeadingElement>(null);
  const t = useTranslations("article");
  const locale = useLocale();

  // The reveal button is gone once the note is shown: focus moves to the note's heading, not to nowhere.
  useEffect(() => {
    if (document.activeElement === document.body) heading.current?.focus();
  }, []);

  useEffect(() => {
    // In-note links (`#user-content-…`, a heading or a footnote) only scroll: the page stays as it is.
    const follow = () => {
      const page = pageFromHash(pages.length);
      if (page !== null) setCurrent(page);
    };
    follow();
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, [pages.length]);

  // A link to a heading (`/<id>#user-content-…`) opened the page before the note was read, so the
  // browser found nothing to scroll to; scroll once the note is on screen.
  useEffect(() => {
    let target: string;
    try {
      target = decodeURIComponent(window.location.hash.slice(1));
    } catch {
      return;
    }
    if (target.startsWith(CLOBBER_PREFIX)) document.getElementById(target)?.scrollIntoView();
  }, []);

  function select(index: number) {
    setCurrent(index);
    // replaceState: page switches are not worth a history entry each, and fire no hashchange. An
    // encrypted note's fragment is its key, which stays in the address bar.
    if (!note.encrypted) window.history.replaceState(null, "", `#page-${index + 1}`);
  }

  const page = pages[current] ?? pages[0];
  if (!page) return null;
  return (
    <>
      {note.burned && (
        <p className="banner warn" role="status">
          {t.rich("burned", { strong: (text) => <strong>{text}</strong> })}
        </p>
      )}
      <section className="card" aria-labelledby="note-title">
        <h1 id="note-title" className="note-title" ref={heading} tabIndex={-1}>
          {t("heading")}
        </h1>
        <ul className="meta-list" aria-label={t("about")}>
          <li>{t("created", { at: formatDateTime(note.created_at, locale) })}</li>
          {pages.length > 1 && <li>{t("pages", { count: pages.length })}</li>}
          {note.encrypted && <li>{t("encrypted")}</li>}
          {!note.burned && (
            <li>
              <NoteCountdown expiresAt={note.expires_at} />
            </li>
          )}
          {!note.burned && note.remaining_views !== null && (
            <li>{t("readsLeft", { count: note.remaining_views })}</li>
          )}
        </ul>
        {!textless && <NoteActions id={note.id} page={page} pageCount={pages.length} />}
        {!textless &&
          (note.raw_html ? (
            <TrustedFrame
              rawHtml={note.raw_html}
              sanitizedHtml={note.html ?? ""}
              frameStyleNonce={frameStyleNonce}
              images={images}
            />
          ) : (
            <CodeCopy>
              {pages.length > 1 ? (
                <NoteTabs pages={pages} current={current} onSelect={select} images={images} />
              ) : (
                <NoteHtml html={page.html} images={images} aria-label={t("note")} />
              )}
            </CodeCopy>
          ))}
        <FileList files={files} />
      </section>
    </>
  );
}
