import { useTranslations } from "next-intl";
import type { CreatedNoteResponse } from "@/lib/notes/note-response-schemas";
import { CopyField } from "./copy-field";
import { LinkQrCode } from "./link-qr-code";

type Links = NonNullable<CreatedNoteResponse["links"]>;

/**
 * Each recipient's own link, to copy one by one or show as a QR code (folded: a list of fifty would
 * otherwise be fifty codes); an encrypted note's key follows each after #.
 */
export function RecipientLinks({ links }: { links: Links }) {
  const t = useTranslations("recipients");
  return (
    <section aria-labelledby="recipient-links-heading">
      <h2 id="recipient-links-heading">{t("heading")}</h2>
      <p>{t("intro")}</p>
      {links.map((link, index) => (
        <div key={link.id} className="recipient-link">
          <CopyField
            id={`recipient-url-${index}`}
            label={link.label}
            value={link.url}
            copyLabel={t("copyLink", { label: link.label })}
            focusOnMount={index === 0}
          />
          <details>
            <summary>{t("showQrCode")}</summary>
            <LinkQrCode url={link.url} label={t("qrCode", { label: link.label })} />
          </details>
        </div>
      ))}
    </section>
  );
}
