"use client";

import { useState } from "react";

/**
 * A srcdoc document inherits the page's CSP, which admits <style> elements only with the page's
 * nonce. The frame's own <style> elements get it, so the note looks as written; styles cannot run
 * code, and the sandbox keeps them inside the frame. Scripts and stylesheet links get nothing.
 */
function withStyleNonce(html: string, nonce: string): string {
  return nonce ? html.replace(/<style(?=[\s>])/gi, `<style nonce="${nonce}"`) : html;
}

/**
 * HTML_MODE=trusted: the note's HTML as its keyed author wrote it, in a frame sandboxed without
 * allow-scripts and without allow-same-origin. Its document has an opaque origin, so even markup
 * that tries cannot run script, read this site's cookies or storage, or reach the page around it.
 */
export function TrustedFrame(props: { rawHtml: string; sanitizedHtml: string; styleNonce: string }) {
  const { rawHtml, sanitizedHtml, styleNonce } = props;
  const [sanitized, setSanitized] = useState(false);
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
        <iframe
          className="trusted-frame"
          title="Note, as written by its author"
          sandbox=""
          srcDoc={withStyleNonce(rawHtml, styleNonce)}
        />
      )}
    </>
  );
}
