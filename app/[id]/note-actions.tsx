"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { NotePage } from "./note-tabs";

function download(filename: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A standalone document of the rendered (sanitized) page, with nothing that loads or runs. */
function htmlDocument(title: string, body: string): string {
  const escaped = title.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  return `<!doctype html>\n<html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>${escaped}</title></head>\n<body>\n${body}\n</body></html>\n`;
}

/** Copy the page's text, or save it as its source (.md) or as rendered HTML (.html). */
export function NoteActions({ id, page, pageCount }: { id: string; page: NotePage; pageCount: number }) {
  const [copied, setCopied] = useState<string | null>(null);
  const t = useTranslations("noteActions");
  const base = pageCount > 1 ? `note-${id}-page-${page.index + 1}` : `note-${id}`;
  const sourceExtension = page.content_type === "html" ? "source.html" : "md";

  async function copy() {
    try {
      await navigator.clipboard.writeText(page.content);
      setCopied(t("copied"));
    } catch {
      setCopied(t("blocked"));
    }
  }

  return (
    <div className="button-row actions">
      <button type="button" className="button ghost" onClick={copy}>
        {t("copyText")}
      </button>
      <button
        type="button"
        className="button ghost"
        onClick={() => download(`${base}.${sourceExtension}`, page.content, "text/plain;charset=utf-8")}
      >
        {page.content_type === "html" ? t("downloadHtmlSource") : t("downloadSource")}
      </button>
      <button
        type="button"
        className="button ghost"
        onClick={() =>
          download(
            `${base}.html`,
            htmlDocument(page.title || t("untitled"), page.html),
            "text/html;charset=utf-8",
          )
        }
      >
        {t("downloadHtml")}
      </button>
      <span role="status" className="hint">
        {copied}
      </span>
    </div>
  );
}
