"use client";

import type { NoteFormat } from "@/lib/render/render-note";
import { FieldError } from "./field-error";
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

/** One page of the note: title (when there are several), format, text and its live preview. */
export function PageEditor({ page, index, count, htmlAllowed, errors, onChange, onMove, onRemove }: Props) {
  const n = index + 1;
  const contentError = errors[`content-${index}`];
  const formatError = errors[`format-${index}`];
  return (
    <fieldset className="card">
      <legend>{count > 1 ? `Page ${n}` : "Your note"}</legend>
      <div className="grid">
        {count > 1 && (
          <div className="field">
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
          <label htmlFor={`format-${index}`}>Format</label>
          <select
            id={`format-${index}`}
            value={page.format}
            aria-describedby={`format-${index}-hint format-${index}-error`}
            onChange={(event) => onChange({ ...page, format: event.target.value as NoteFormat })}
          >
            <option value="markdown">Markdown</option>
            <option value="html" disabled={!htmlAllowed}>
              HTML{htmlAllowed ? "" : " (needs an API key)"}
            </option>
          </select>
          <p id={`format-${index}-hint`} className="hint">
            HTML is sanitized: scripts, forms and frames are removed.
          </p>
          <FieldError id={`format-${index}-error`} message={formatError} />
        </div>
      </div>
      <div className="editor">
        <div className="field">
          <label htmlFor={`content-${index}`}>{count > 1 ? `Text of page ${n}` : "Text"}</label>
          <textarea
            id={`content-${index}`}
            value={page.content}
            spellCheck
            aria-invalid={contentError ? true : undefined}
            aria-describedby={`content-${index}-hint${contentError ? ` content-${index}-error` : ""}`}
            onChange={(event) => onChange({ ...page, content: event.target.value })}
          />
          <p id={`content-${index}-hint`} className="hint">
            Images from other sites load for readers only when they choose to.
          </p>
          <FieldError id={`content-${index}-error`} message={contentError} />
        </div>
        <NotePreview content={page.content} format={page.format} label={`Preview of page ${n}`} />
      </div>
      {count > 1 && (
        <div className="button-row">
          <button type="button" className="button ghost" disabled={index === 0} onClick={() => onMove(-1)}>
            Move page {n} up
          </button>
          <button
            type="button"
            className="button ghost"
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            Move page {n} down
          </button>
          <button type="button" className="button ghost" onClick={onRemove}>
            Remove page {n}
          </button>
        </div>
      )}
    </fieldset>
  );
}
