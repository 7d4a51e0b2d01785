"use client";

import { useTranslations } from "next-intl";
import { useRef, type KeyboardEvent } from "react";
import type { ReadNoteResponse } from "@/lib/notes/note-response-schemas";
import { NoteHtml, type RemoteImages } from "./remote-images";

export type NotePage = NonNullable<ReadNoteResponse["pages"]>[number];

type Props = { pages: NotePage[]; current: number; onSelect: (index: number) => void; images: RemoteImages };

/** WAI-ARIA tabs: arrow keys, Home and End move between pages; Tab moves into the page. */
export function NoteTabs({ pages, current, onSelect, images }: Props) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const t = useTranslations("article");

  function move(event: KeyboardEvent) {
    const targets = new Map([
      ["ArrowRight", current + 1],
      ["ArrowLeft", current - 1],
      ["Home", 0],
      ["End", pages.length - 1],
    ]);
    const next = targets.get(event.key);
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + pages.length) % pages.length;
    onSelect(index);
    tabs.current[index]?.focus();
  }

  const page = pages[current];
  return (
    <>
      <div className="tabs" role="tablist" aria-label={t("pagesLabel")} onKeyDown={move}>
        {pages.map((candidate, index) => (
          <button
            key={candidate.index}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            id={`tab-${index}`}
            className="tab"
            type="button"
            role="tab"
            aria-selected={index === current}
            aria-controls="page-panel"
            tabIndex={index === current ? 0 : -1}
            onClick={() => onSelect(index)}
          >
            {candidate.title || t("pageTitle", { n: candidate.index + 1 })}
          </button>
        ))}
      </div>
      {page && (
        <NoteHtml
          html={page.html}
          images={images}
          id="page-panel"
          role="tabpanel"
          tabIndex={0}
          aria-labelledby={`tab-${current}`}
        />
      )}
    </>
  );
}
