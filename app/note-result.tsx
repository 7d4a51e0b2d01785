"use client";

import QRCode from "qrcode";
import { useEffect, useRef } from "react";
import { CopyField } from "./copy-field";
import type { CreatedNoteResponse } from "@/lib/notes/note-response-schemas";
import { EarlyDelete } from "./early-delete";
import { RecipientLinks } from "./recipient-links";

function describeLimit(burnAfter: number | null): string {
  if (burnAfter === null) return "No read limit";
  return burnAfter === 1 ? "Destroyed after it is read once" : `Destroyed after ${burnAfter} reads`;
}

type Props = { note: CreatedNoteResponse; deleteHeaders: Record<string, string>; onAnother: () => void };

/** The created note's link, a QR code drawn here in the browser (no service), and how to delete it. */
export function NoteResult({ note, deleteHeaders, onAnother }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (canvas.current) void QRCode.toCanvas(canvas.current, note.url, { margin: 1, width: 192 });
  }, [note.url]);
  // With recipients, the note's own id is the owner handle: it opens nothing, so it is not shown.
  const links = note.links;

  const expires =
    note.expires_at === null
      ? "Never expires"
      : `Expires ${new Date(note.expires_at * 1000).toLocaleString()}`;
  return (
    <section className="card" aria-labelledby="created-heading">
      <h2 id="created-heading">Your note is ready</h2>
      {links ? (
        <RecipientLinks links={links} />
      ) : (
        <>
          <p>Anyone with this link can open it. It is shown only once here: copy it now.</p>
          <CopyField id="share-url" label="Link" value={note.url} copyLabel="Copy link" focusOnMount />
        </>
      )}
      <ul className="meta-list" aria-label="About this note">
        <li>{expires}</li>
        <li>{describeLimit(note.burn_after)}</li>
        {note.password_required && <li>Password protected</li>}
        {note.encrypted && <li>End-to-end encrypted: the key is the part of the link after #</li>}
        {note.page_count > 1 && <li>{note.page_count} pages</li>}
      </ul>
      {!links && <canvas ref={canvas} className="qr" role="img" aria-label="QR code of the link" />}
      {note.delete_token && (
        <section aria-labelledby="status-link-heading">
          <h3 id="status-link-heading">See when it is opened</h3>
          <p>This private link shows each time the note is opened, and can delete it. Keep it to yourself.</p>
          <CopyField
            id="status-url"
            label="Status page"
            value={`${window.location.origin}/status/${note.id}#${note.delete_token}`}
            copyLabel="Copy status page"
          />
        </section>
      )}
      <EarlyDelete id={note.id} deleteToken={note.delete_token} deleteHeaders={deleteHeaders} />
      <div className="button-row">
        <button type="button" className="button ghost" onClick={onAnother}>
          Create another note
        </button>
      </div>
    </section>
  );
}
