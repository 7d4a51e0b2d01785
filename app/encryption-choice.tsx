import { useTranslations } from "next-intl";
import { SecureContextExplanation } from "./secure-context-explanation";

type Props = { encrypt: boolean; available: boolean; onChange: (encrypt: boolean) => void };

/**
 * The switch between a note encrypted in this browser (the default) and one sent as text. Where the
 * browser cannot encrypt (not a secure context) the switch is off and disabled, and says why.
 */
export function EncryptionChoice({ encrypt, available, onChange }: Props) {
  const t = useTranslations("encryption");
  let hint = encrypt ? t("hintOn") : t("hintOff");
  if (!available) hint = t("unavailableHeading");
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
            disabled={!available}
            aria-describedby={available ? "encrypt-hint" : "encrypt-hint encrypt-unavailable"}
            onChange={(event) => onChange(event.target.checked)}
          />{" "}
          {t("label")}
        </label>
        <p id="encrypt-hint" className={available ? "hint" : "hint strong"}>
          {hint}
        </p>
        {!available && (
          <SecureContextExplanation
            id="encrypt-unavailable"
            works={t("unavailableWorks")}
            fails={t("unavailableFails")}
            fix={(local) => t("unavailableFix", { local })}
          />
        )}
      </div>
    </fieldset>
  );
}
