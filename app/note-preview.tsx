"use client";

import { useEffect, useState } from "react";
import type { NoteFormat } from "@/lib/render/render-note";

type Render = (content: string, format: NoteFormat) => string;

let renderer: Promise<Render> | undefined;

// The same unified pipeline and allow-list the server renders with at create time, loaded on first
// use so the form does not wait for it. What the preview shows is what the note will look like.
function loadRenderer(): Promise<Render> {
  renderer ??= import("@/lib/render/render-note").then((module) => module.renderNote);
  return renderer;
}

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
        <div dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className="hint">The preview appears here as you type.</p>
      )}
    </div>
  );
}
