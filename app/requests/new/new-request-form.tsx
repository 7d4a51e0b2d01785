"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { sendJson } from "@/lib/browser/call-api";
import { useFailureMessage } from "@/lib/browser/use-failure-message";
import { useWebCrypto } from "@/lib/browser/web-crypto";
import { generateRequestKeys } from "@/lib/crypto/request-envelope";
import { maxNotifyEmailLength } from "@/lib/notifications/notify-policy";
import { CopyField } from "../../copy-field";
import { LinkQrCode } from "../../link-qr-code";
import { rememberKey } from "../remembered-key";
import { RequestsUnavailable } from "../requests-unavailable";

type Options = {
  ttlChoices: { value: string; label: string }[];
  defaultTtl: string;
  requiresKey: boolean;
  /** an identity provider is configured: requests for members only are offered */
  signInAvailable: boolean;
  maxAnswers: number;
  /** SMTP_URL is set: the form offers notify_email */
  emailNotifications: boolean;
  /** SMTP_URL is set and the person signed in has a verified email: the form offers notify_me */
  notifyMe: boolean;
};

type Created = { publicLink: string; privateLink: string };

/** The create form: makes the key pair here, sends the public half, shows both links. */
export function NewRequestForm({ options }: { options: Options }) {
  const t = useTranslations("requests");
  const membersOnly = useTranslations("membersOnly");
  // Outside a secure context the browser cannot make the key pair: the form says so as it appears.
  const available = useWebCrypto();
  const failureMessage = useFailureMessage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<Created | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const keys = await generateRequestKeys();
    const instructions = String(form.get("instructions") ?? "");
    const apiKey = String(form.get("api_key") ?? "");
    // "Email me" names the signed-in person's verified address: a typed address is then not sent.
    const notifyMe = form.get("notify_me") === "on";
    const notifyEmail = notifyMe ? "" : String(form.get("notify_email") ?? "").trim();
    const result = await sendJson<{ id: string; url: string }>("/api/v1/requests", {
      body: {
        title: String(form.get("title") ?? ""),
        ...(instructions && { instructions }),
        answers: Number(form.get("answers")),
        ttl: String(form.get("ttl")),
        ...(form.get("files_allowed") === "on" && { files_allowed: true }),
        ...(form.get("sign_in_required") === "on" && { sign_in_required: true }),
        public_key: keys.publicKey,
        owner_proof: keys.ownerProof,
        ...(notifyEmail && { notify_email: notifyEmail }),
        ...(notifyMe && { notify_me: true }),
      },
      headers: apiKey ? { "x-api-key": apiKey } : {},
    });
    setBusy(false);
    if (!result.ok) return setError(failureMessage(result));
    if (form.get("remember") === "on") rememberKey(result.data.id, keys.privateKey);
    setCreated({ publicLink: result.data.url, privateLink: `${result.data.url}#${keys.privateKey}` });
  }

  if (created) {
    return (
      <section className="card" aria-labelledby="created-heading">
        <h2 id="created-heading">{t("createdHeading")}</h2>
        <div className="result-main">
          <CopyField
            id="public-link"
            label={t("publicLink")}
            value={created.publicLink}
            copyLabel={t("copy")}
          />
          <LinkQrCode url={created.publicLink} label={t("qrCode")} />
        </div>
        <CopyField
          id="private-link"
          label={t("privateLink")}
          value={created.privateLink}
          copyLabel={t("copy")}
        />
        <p className="hint">{t("privateHint")}</p>
        <div className="button-row">
          <a className="button" href={created.privateLink}>
            {t("openPrivate")}
          </a>
        </div>
      </section>
    );
  }
  return (
    <>
      {!available && <RequestsUnavailable page="create" />}
      <form className="card" onSubmit={submit}>
        <fieldset className="bare" disabled={!available}>
          <div className="field">
            <label htmlFor="request-title">{t("titleField")}</label>
            <input id="request-title" name="title" type="text" required maxLength={200} />
          </div>
          <div className="field">
            <label htmlFor="request-instructions">{t("instructionsField")}</label>
            <textarea id="request-instructions" name="instructions" rows={4} maxLength={4000} />
          </div>
          <div className="field">
            <label htmlFor="request-answers">{t("answersField")}</label>
            <input
              id="request-answers"
              name="answers"
              type="number"
              min={1}
              max={options.maxAnswers}
              defaultValue={1}
            />
          </div>
          <div className="field">
            <label htmlFor="request-ttl">{t("ttlField")}</label>
            <select id="request-ttl" name="ttl" defaultValue={options.defaultTtl}>
              {options.ttlChoices.map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          {options.requiresKey && (
            <div className="field">
              <label htmlFor="request-key">{t("keyField")}</label>
              <input id="request-key" name="api_key" type="password" required autoComplete="off" />
            </div>
          )}
          {options.emailNotifications && (
            <div className="field">
              <label htmlFor="request-notify-email">{t("notifyEmailField")}</label>
              <input
                id="request-notify-email"
                name="notify_email"
                type="email"
                autoComplete="email"
                maxLength={maxNotifyEmailLength}
                aria-describedby="request-notify-email-hint"
              />
              <p id="request-notify-email-hint" className="hint">
                {t("notifyEmailHint")}
              </p>
            </div>
          )}
          {options.notifyMe && (
            <div className="field">
              <label>
                <input type="checkbox" id="request-notify-me" name="notify_me" /> {t("notifyMeField")}
              </label>
            </div>
          )}
          <div className="field">
            <label>
              <input type="checkbox" name="files_allowed" /> {t("filesAllowedField")}
            </label>
          </div>
          {options.signInAvailable && (
            <div className="field">
              <label>
                <input type="checkbox" name="sign_in_required" /> {membersOnly("checkbox")}
              </label>
            </div>
          )}
          <div className="field">
            <label>
              <input type="checkbox" name="remember" /> {t("rememberField")}
            </label>
            <p className="hint">{t("rememberHint")}</p>
          </div>
          {error && (
            <p role="alert" className="form-error">
              {error}
            </p>
          )}
          <div className="button-row">
            <button type="submit" className="button" disabled={busy}>
              {busy ? t("creating") : t("create")}
            </button>
          </div>
        </fieldset>
      </form>
    </>
  );
}
