import { useTranslations } from "next-intl";
import { notePolicy } from "@/lib/notes/note-policy";
import { FieldError, invalidProps } from "./field-error";

/**
 * One link per recipient: a label a line. Left empty, the note has its one link; filled, each
 * recipient gets a link of their own, and the status page says whose link was opened.
 */
export function RecipientsField({ errors }: { errors: Record<string, string | undefined> }) {
  const t = useTranslations("recipients");
  return (
    <fieldset className="card">
      <legend>{t("legend")}</legend>
      <div className="field">
        <label htmlFor="recipients">{t("label")}</label>
        <textarea
          id="recipients"
          name="recipients"
          rows={3}
          placeholder={t("placeholder")}
          {...invalidProps("recipients", errors, "recipients-hint")}
        />
        <p id="recipients-hint" className="hint">
          {t("hint", { min: notePolicy.minRecipients, max: notePolicy.maxRecipients })}
        </p>
        <FieldError id="recipients-error" message={errors.recipients} />
      </div>
    </fieldset>
  );
}
