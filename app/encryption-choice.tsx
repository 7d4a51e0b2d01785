import { useTranslations } from "next-intl";

type Props = { encrypt: boolean; onChange: (encrypt: boolean) => void };

/** The switch between a note encrypted in this browser (the default) and one sent as text. */
export function EncryptionChoice({ encrypt, onChange }: Props) {
  const t = useTranslations("encryption");
  return (
    <fieldset className="card">
      <legend>{t("legend")}</legend>
      <div className="field">
        <label>
          <input
            type="checkbox"
            role="switch"
            id="encrypt"
            checked={encrypt}
            aria-describedby="encrypt-hint"
            onChange={(event) => onChange(event.target.checked)}
          />{" "}
          {t("label")}
        </label>
        <p id="encrypt-hint" className="hint">
          {encrypt ? t("hintOn") : t("hintOff")}
        </p>
      </div>
    </fieldset>
  );
}
