"use client";

import QRCode from "qrcode";
import { useEffect, useRef, useState } from "react";
import type { CreatedShare } from "./create-form";

function describeLimit(burnAfter: number | null): string {
  if (burnAfter === null) return "No read limit";
  return burnAfter === 1 ? "Destroyed after it is read once" : `Destroyed after ${burnAfter} reads`;
}

/** The created note's link, a copy button and a QR code drawn here in the browser (no service). */
export function ShareResult({ share, onAnother }: { share: CreatedShare; onAnother: () => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const link = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState("");

  useEffect(() => {
    if (canvas.current) void QRCode.toCanvas(canvas.current, share.url, { margin: 1, width: 192 });
    link.current?.focus();
    link.current?.select();
  }, [share.url]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(share.url);
      setStatus("Link copied.");
    } catch {
      link.current?.select();
      setStatus("Copying was not allowed by the browser; the link is selected, copy it by hand.");
    }
  }

  const expires =
    share.expires_at === null
      ? "Never expires"
      : `Expires ${new Date(share.expires_at * 1000).toLocaleString()}`;
  return (
    <section className="card" aria-labelledby="created-heading">
      <h2 id="created-heading">Your note is ready</h2>
      <p>Anyone with this link can open it. It is shown only once here: copy it now.</p>
      <label htmlFor="share-url">Link</label>
      <div className="share-link">
        <input id="share-url" ref={link} type="url" readOnly value={share.url} />
        <button type="button" className="button" onClick={copy}>
          Copy link
        </button>
      </div>
      <p role="status" className="hint">
        {status}
      </p>
      <ul className="meta-list" aria-label="About this note">
        <li>{expires}</li>
        <li>{describeLimit(share.burn_after)}</li>
        {share.password_required && <li>Password protected</li>}
        {share.page_count > 1 && <li>{share.page_count} pages</li>}
      </ul>
      <canvas ref={canvas} className="qr" role="img" aria-label="QR code of the link" />
      <div className="button-row">
        <button type="button" className="button ghost" onClick={onAnother}>
          Create another note
        </button>
      </div>
    </section>
  );
}
