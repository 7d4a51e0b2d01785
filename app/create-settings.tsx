import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { notePolicy } from "@/lib/notes/note-policy";
import { maxNotifyEmailLength } from "@/lib/notifications/notify-policy";
import type { CreateOptions } from "./create-options";
import { FieldError, invalidProps } from "./field-error";

type Errors = Record<string, string | undefined>;

type Props = {
  errors: Errors;
  keyed: boolean;
  apiKey: string;
  onApiKey: (key: string) => void;
  options: CreateOptions;
};

/** A setting: its label, the control (`id`), an optional hint and the error the API gave for it. */
function Setting(props: { id: string; label: string; hint?: string; errors: Errors; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.hint && (
        <p id={`${props.id}-hint`} className="hint">
          {props.hint}
        </p>
      )}
      <FieldError id={`${props.id}-error`} message={props.errors[props.id]} />
    </div>
  );
}

type LimitProps = {
  id: "burn_after" | "burn_after_failures";
  errors: Errors;
  hint?: string;
  max: number;
  preselected?: number | null;
};

/** A limit's number field (empty: no limit), described by its hint (if any) and its error. */
function LimitInput({ id, errors, hint, max, preselected }: LimitProps) {
  const t = useTranslations("settings");
  const min = id === "burn_after" ? notePolicy.minBurnAfter : notePolicy.minBurnAfterFailures;
  return (
    <input
      id={id}
      name={id}
      type="number"
      min={min}
      max={max}
      defaultValue={preselected ?? undefined}
      placeholder={t("noLimit")}
      {...invalidProps(id, errors, hint)}
    />
  );
}

/**
 * Expiry, read limit, password (and wrong passwords allowed), API key and, with SMTP_URL set, the
 * address told of reads: one row on a wide screen, a column on a phone.
 */
export function CreateSettings({ errors, keyed, apiKey, onApiKey, options }: Props) {
  const t = useTranslations("settings");
  const membersOnly = useTranslations("membersOnly");
  const { burnAfter } = options;
  const readLimitHint =
    burnAfter.max < notePolicy.maxBurnAfter
      ? t("readLimitCapHint", { max: burnAfter.max })
      : t("readLimitHint");
  return (
    <fieldset className="card">
      <legend>{t("legend")}</legend>
      <div className="grid settings">
        <Setting id="ttl" label={t("expiresAfter")} errors={errors}>
          <select id="ttl" name="ttl" defaultValue={options.defaultTtl} {...invalidProps("ttl", errors)}>
            {options.ttlChoices.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <label className="hint">
            <input type="checkbox" id="permanent" name="permanent" disabled={!keyed} /> {t("permanent")}
          </label>
        </Setting>
        <Setting id="burn_after" label={t("readLimit")} hint={readLimitHint} errors={errors}>
          <LimitInput
            id="burn_after"
            errors={errors}
            hint="burn_after-hint"
            max={burnAfter.max}
            preselected={burnAfter.preselected}
          />
        </Setting>
        <Setting
          id="password"
          label={options.requirePassword ? t("passwordRequired") : t("password")}
          hint={options.requirePassword ? t("passwordRequiredHint") : undefined}
          errors={errors}
        >
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="new-password"
            required={options.requirePassword}
            {...invalidProps("password", errors, options.requirePassword ? "password-hint" : undefined)}
          />
          <label className="hint" htmlFor="burn_after_failures">
            {t("failures")}
          </label>
          <LimitInput id="burn_after_failures" errors={errors} max={notePolicy.maxBurnAfterFailures} />
          <FieldError id="burn_after_failures-error" message={errors.burn_after_failures} />
        </Setting>
        {options.keyField && (
          <Setting
            id="api_key"
            label={options.requiresKey ? t("apiKeyRequired") : t("apiKeyOptional")}
            hint={options.requiresKey ? t("apiKeyRequiredHint") : t("apiKeyOptionalHint")}
            errors={errors}
          >
            <input
              id="api_key"
              type="password"
              autoComplete="off"
              value={apiKey}
              onChange={(event) => onApiKey(event.target.value)}
              {...invalidProps("api_key", errors, "api_key-hint")}
            />
          </Setting>
        )}
        {options.emailNotifications && (
          <Setting id="notify_email" label={t("notifyEmail")} hint={t("notifyEmailHint")} errors={errors}>
            <input
              id="notify_email"
              name="notify_email"
              type="email"
              autoComplete="email"
              maxLength={maxNotifyEmailLength}
              {...invalidProps("notify_email", errors, "notify_email-hint")}
            />
          </Setting>
        )}
        {options.notifyMe && (
          <label className="hint">
            <input type="checkbox" id="notify_me" name="notify_me" /> {t("notifyMe")}
          </label>
        )}
      </div>
      {options.signInAvailable && (
        <label className="hint">
          <input type="checkbox" id="sign_in_required" name="sign_in_required" /> {membersOnly("checkbox")}
        </label>
      )}
    </fieldset>
  );
}
