"use client";

import { useMemo, useState } from "react";
import { frameDocument } from "./frame-document";

type Props = { rawHtml: string; sanitizedHtml: string; frameStyleNonce: string };

/**
 * HTML_MODE=trusted: the note's HTML as its keyed author wrote it, in a frame sandboxed without
 * allow-scripts and without allow-same-origin. Its document has an opaque origin, so even markup
 * that tries cannot run script, read this site's cookies or storage, or reach the page around it;
 * its own policy (frame-document.ts) keeps it from fetching anything.
 */
export function TrustedFrame({ rawHtml, sanitizedHtml, frameStyleNonce }: Props) {
  const [sanitized, setSanitized] = useState(false);
  const srcdoc = useMemo(() => frameDocument(rawHtml, frameStyleNonce), [rawHtml, frameStyleNonce]);
  return (
    <>
      <div className="button-row actions">
        <button
          type="button"
          className="button ghost"
          aria-pressed={sanitized}
          onClick={() => setSanitized(!sanitized)}
        >
          Show the sanitized version
        </button>
      </div>
      {sanitized ? (
        <article className="note" aria-label="Note" dangerouslySetInnerHTML={{ __html: sanitizedHtml }} />
      ) : (
        <iframe className="trusted-frame" title="Note, as written by its author" sandbox="" srcDoc={srcdoc} />
      )}
    </>
  );
}
