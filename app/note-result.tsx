"use client";

import { useLocale, useTranslations } from "next-intl";
import { formatDateTime } from "@/lib/i18n/format-date-time";
import { CopyField } from "./copy-field";
import type { CreatedNoteResponse } from "@/lib/notes/note-response-schemas";
import { EarlyDelete } from "./early-delete";
import { LinkQrCode } from "./link-qr-code";
import { RecipientLinks } from "./recipient-links";

type Props = { note: CreatedNoteResponse; deleteHeaders: Record<string, string>; onAnother: () => void };

/** The created note's link and its QR code (or each recipient's), and how to delete it. */
export function NoteResult({ note, deleteHeaders, onAnother }: Props) {
  const t = useTranslations("result");
  const fileTexts = useTranslations("files");
  const locale = useLocale();

  // With recipients, the note's own id is the owner handle: it opens nothing, so it is not shown.
  const links = note.links;

  const expires =
    note.expires_at === null
      ? t("neverExpires")
      : t("expires", { at: formatDateTime(note.expires_at, locale) });
  return (
    <section className="card result" aria-labelledby="created-heading">
      <h1 id="created-heading">{t("heading")}</h1>
      <div className="result-main">
        <div>
          {links ? (
            <RecipientLinks links={links} />
          ) : (
            <>
              <p>{t("intro")}</p>
              <CopyField
                id="share-url"
                label={t("link")}
                value={note.url}
                copyLabel={t("copyLink")}
                focusOnMount
              />
            </>
          )}
          <ul className="meta-list" aria-label={t("about")}>
            <li>{expires}</li>
            <li>
              {note.burn_after === null ? t("noReadLimit") : t("burnAfter", { count: note.burn_after })}
            </li>
            {note.password_required && <li>{t("passwordProtected")}</li>}
            {note.encrypted && <li>{t("encrypted")}</li>}
            {note.page_count > 1 && <li>{t("pages", { count: note.page_count })}</li>}
            {note.files && <li>{fileTexts("count", { count: note.files.length })}</li>}
          </ul>
        </div>
        {!links && <LinkQrCode url={note.url} label={t("qrCode")} />}
      </div>
      {note.delete_token && (
        <section className="result-part" aria-labelledby="status-link-heading">
          <h2 id="status-link-heading">{t("statusHeading")}</h2>
          <p>{t("statusIntro")}</p>
          <CopyField
            id="status-url"
            label={t("statusPage")}
            value={`${window.location.origin}/status/${note.id}#${note.delete_token}`}
            copyLabel={t("copyStatusPage")}
          />
        </section>
      )}
      <EarlyDelete id={note.id} deleteToken={note.delete_token} deleteHeaders={deleteHeaders} />
      <div className="button-row result-end">
        <button type="button" className="button" onClick={onAnother}>
          {t("another")}
        </button>
      </div>
    </section>
  );
}
