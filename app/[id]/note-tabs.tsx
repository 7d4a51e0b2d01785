"use client";

import { useRef, type KeyboardEvent } from "react";

export type NotePage = { index: number; title: string; content: string; content_type: string; html: string };

const pageTitle = (page: NotePage) => page.title || `Page ${page.index + 1}`;

/** WAI-ARIA tabs: arrow keys, Home and End move between pages; Tab moves into the page. */
export function NoteTabs(props: { pages: NotePage[]; current: number; onSelect: (index: number) => void }) {
  const { pages, current, onSelect } = props;
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  function move(event: KeyboardEvent) {
    const last = pages.length - 1;
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + pages.length) % pages.length;
    onSelect(index);
    tabs.current[index]?.focus();
  }

  const page = pages[current];
  return (
    <>
      <div className="tabs" role="tablist" aria-label="Pages" onKeyDown={move}>
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
            {pageTitle(candidate)}
          </button>
        ))}
      </div>
      {page && (
        <article
          id="page-panel"
          className="note"
          role="tabpanel"
          tabIndex={0}
          aria-labelledby={`tab-${current}`}
          dangerouslySetInnerHTML={{ __html: page.html }}
        />
      )}
    </>
  );
}
