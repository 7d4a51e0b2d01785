"use client";

import type { NoteFormat } from "@/lib/render/render-note";
import { FieldError, invalidProps } from "./field-error";
import { NotePreview } from "./note-preview";

export type DraftPage = { key: number; title: string; content: string; format: NoteFormat };

type Props = {
  page: DraftPage;
  index: number;
  count: number;
  htmlAllowed: boolean;
  errors: Record<string, string | undefined>;
  onChange: (page: DraftPage) => void;
  onMove: (offset: -1 | 1) => void;
  onRemove: () => void;
};

/**
 * One page of the note: its text beside a live preview. With several pages, title, format and the
 * page's buttons share one line above the text, and the text and preview are shorter, so the pages
 * read as a list rather than a tall stack.
 */
export function PageEditor({ page, index, count, htmlAllowed, errors, onChange, onMove, onRemove }: Props) {
  const n = index + 1;
  const several = count > 1;
  const contentId = `content-${index}`;
  const formatId = `format-${index}`;
  return (
    <fieldset className={several ? "card page-editor compact" : "card page-editor"}>
      <legend>{several ? `Page ${n}` : "Your note"}</legend>
      <div className="page-bar">
        {several && (
          <div className="field grow">
            <label htmlFor={`title-${index}`}>Title of page {n}</label>
            <input
              id={`title-${index}`}
              type="text"
              value={page.title}
              onChange={(event) => onChange({ ...page, title: event.target.value })}
            />
          </div>
        )}
        <div className="field">
          <label htmlFor={formatId}>Format</label>
          <select
            id={formatId}
            value={page.format}
            {...invalidProps(formatId, errors, htmlAllowed ? `${formatId}-hint` : undefined)}
            onChange={(event) => onChange({ ...page, format: event.target.value as NoteFormat })}
          >
            <option value="markdown">Markdown</option>
            <option value="html" disabled={!htmlAllowed}>
              HTML{htmlAllowed ? "" : " (needs an API key)"}
            </option>
          </select>
        </div>
        {several && (
          <div className="button-row page-buttons">
            <button
              type="button"
              className="button ghost"
              disabled={index === 0}
              aria-label={`Move page ${n} up`}
              title={`Move page ${n} up`}
              onClick={() => onMove(-1)}
            >
              ↑
            </button>
            <button
              type="button"
              className="button ghost"
              disabled={index === count - 1}
              aria-label={`Move page ${n} down`}
              title={`Move page ${n} down`}
              onClick={() => onMove(1)}
            >
              ↓
            </button>
            <button type="button" className="button ghost" onClick={onRemove} aria-label={`Remove page ${n}`}>
              Remove
            </button>
          </div>
        )}
      </div>
      {htmlAllowed && (
        <p id={`${formatId}-hint`} className="hint">
          HTML is sanitized: scripts, forms and frames are removed.
        </p>
      )}
      <FieldError id={`${formatId}-error`} message={errors[formatId]} />
      <div className="editor">
        <div className="field">
          <label htmlFor={contentId}>{several ? `Text of page ${n}` : "Text"}</label>
          <textarea
            id={contentId}
            value={page.content}
            spellCheck
            {...invalidProps(contentId, errors)}
            onChange={(event) => onChange({ ...page, content: event.target.value })}
          />
          <p id={`${contentId}-hint`} className="hint">
            Images from other sites load for readers only when they choose to.
          </p>
          <FieldError id={`${contentId}-error`} message={errors[contentId]} />
        </div>
        <NotePreview content={page.content} format={page.format} label={`Preview of page ${n}`} />
      </div>
    </fieldset>
  );
}
