"use client";

import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { frameDocument } from "./frame-document";
import { NoteHtml, RemoteImagesNotice, type RemoteImages } from "./remote-images";

type Props = { rawHtml: string; sanitizedHtml: string; frameStyleNonce: string; images: RemoteImages };

/**
 * HTML_MODE=trusted: the note's HTML as its keyed author wrote it, in a frame sandboxed without
 * allow-scripts and without allow-same-origin. Its document has an opaque origin, so even markup
 * that tries cannot run script, read this site's cookies or storage, or reach the page around it;
 * its own policy (frame-document.ts) keeps it from fetching anything the reader did not allow.
 */
export function TrustedFrame({ rawHtml, sanitizedHtml, frameStyleNonce, images }: Props) {
  const [sanitized, setSanitized] = useState(false);
  const t = useTranslations("article");
  const frame = useMemo(
    () => frameDocument(rawHtml, frameStyleNonce, images.allowed),
    [rawHtml, frameStyleNonce, images.allowed],
  );
  return (
    <>
      <div className="button-row actions">
        <button
          type="button"
          className="button ghost"
          aria-pressed={sanitized}
          onClick={() => setSanitized(!sanitized)}
        >
          {t("showSanitized")}
        </button>
      </div>
      {sanitized ? (
        <NoteHtml html={sanitizedHtml} images={images} aria-label={t("note")} />
      ) : (
        <>
          {frame.loadsImages && !images.allowed && <RemoteImagesNotice onAllow={images.allow} />}
          <iframe className="trusted-frame" title={t("frameTitle")} sandbox="" srcDoc={frame.srcdoc} />
        </>
      )}
    </>
  );
}
