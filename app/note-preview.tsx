"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { loadRenderer } from "@/lib/browser/load-renderer";
import type { NoteFormat } from "@/lib/render/render-note";

// What the preview shows is what the note will look like: it renders with the server's pipeline.

// Rendering runs on the main thread: long texts wait longer, so typing is not interrupted as often.
const previewDelay = (content: string) => (content.length > 50_000 ? 1500 : 250);

/** Live preview of one page, re-rendered a moment after typing stops. */
export function NotePreview({
  content,
  format,
  label,
}: {
  content: string;
  format: NoteFormat;
  label: string;
}) {
  const [html, setHtml] = useState("");
  const t = useTranslations("pageEditor");

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      void loadRenderer().then((render) => {
        if (current) setHtml(render(content, format));
      });
    }, previewDelay(content));
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [content, format]);

  return (
    <div className="preview note" role="region" aria-label={label} aria-live="off">
      {content.trim() ? (
        <div dir="auto" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className="hint">{t("previewEmpty")}</p>
      )}
    </div>
  );
}
