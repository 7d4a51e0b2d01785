"use client";

import { useTranslations } from "next-intl";
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
  const t = useTranslations("pageEditor");
  return (
    <fieldset className={several ? "card page-editor compact" : "card page-editor"}>
      <legend>{several ? t("pageLegend", { n }) : t("singleLegend")}</legend>
      <div className="page-bar">
        {several && (
          <div className="field grow">
            <label htmlFor={`title-${index}`}>{t("titleOfPage", { n })}</label>
            <input
              id={`title-${index}`}
              type="text"
              value={page.title}
              dir="auto"
              onChange={(event) => onChange({ ...page, title: event.target.value })}
            />
          </div>
        )}
        <div className="field">
          <label htmlFor={formatId}>{t("format")}</label>
          <select
            id={formatId}
            value={page.format}
            {...invalidProps(formatId, errors, htmlAllowed ? `${formatId}-hint` : undefined)}
            onChange={(event) => onChange({ ...page, format: event.target.value as NoteFormat })}
          >
            <option value="markdown">{t("markdown")}</option>
            <option value="html" disabled={!htmlAllowed}>
              {htmlAllowed ? t("html") : t("htmlNeedsKey")}
            </option>
          </select>
        </div>
        {several && (
          <div className="button-row page-buttons">
            <button
              type="button"
              className="button ghost"
              disabled={index === 0}
              aria-label={t("moveUp", { n })}
              title={t("moveUp", { n })}
              onClick={() => onMove(-1)}
            >
              ↑
            </button>
            <button
              type="button"
              className="button ghost"
              disabled={index === count - 1}
              aria-label={t("moveDown", { n })}
              title={t("moveDown", { n })}
              onClick={() => onMove(1)}
            >
              ↓
            </button>
            <button
              type="button"
              className="button ghost"
              onClick={onRemove}
              aria-label={t("removeLabel", { n })}
            >
              {t("remove")}
            </button>
          </div>
        )}
      </div>
      {htmlAllowed && (
        <p id={`${formatId}-hint`} className="hint">
          {t("htmlHint")}
        </p>
      )}
      <FieldError id={`${formatId}-error`} message={errors[formatId]} />
      <div className="editor">
        <div className="field">
          <label htmlFor={contentId}>{several ? t("textOfPage", { n }) : t("text")}</label>
          <textarea
            id={contentId}
            value={page.content}
            dir="auto"
            spellCheck
            {...invalidProps(contentId, errors)}
            onChange={(event) => onChange({ ...page, content: event.target.value })}
          />
          <p id={`${contentId}-hint`} className="hint">
            {t("imagesHint")}
          </p>
          <FieldError id={`${contentId}-error`} message={errors[contentId]} />
        </div>
        <NotePreview content={page.content} format={page.format} label={t("previewOfPage", { n })} />
      </div>
    </fieldset>
  );
}
