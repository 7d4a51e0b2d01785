"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useFailureMessage } from "@/lib/browser/use-failure-message";
import type { CreatedPersonTarget } from "@/lib/webhooks/person-targets";
import { webhookEvents, webhookFormats } from "@/lib/webhooks/webhook-schemas";
import { adminRequest } from "../admin/admin-request";
import styles from "../admin/admin.module.css";
import { eventKey } from "./target-event-key";

/**
 * Adds one of the person's targets; a standard one's signing secret is shown this once, in the page's
 * state only. At the cap the form gives way to a sentence saying so.
 */
export function AddTargetForm({ full, max }: { full: boolean; max: number }) {
  const router = useRouter();
  const t = useTranslations("targets");
  const failureMessage = useFailureMessage();
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = { format: data.get("format"), url: data.get("url"), events: data.getAll("events") };
    setBusy(true);
    const result = await adminRequest<CreatedPersonTarget>("/me/api/webhooks", { body });
    setBusy(false);
    if (!result.ok) {
      setError(result.error === "bad_webhook" ? t("refused") : failureMessage(result));
      return;
    }
    setError(null);
    setSecret(result.data.secret);
    form.reset();
    router.refresh();
  }

  return (
    <div className={styles.stack}>
      {full ? (
        <p>{t("full", { max })}</p>
      ) : (
        <form method="post" className={styles.stack} onSubmit={add}>
          <div className={styles.row}>
            <label className={styles.field}>
              {t("format")}
              <select name="format" defaultValue="slack">
                {webhookFormats.map((format) => (
                  <option key={format} value={format}>
                    {format}
                  </option>
                ))}
              </select>
            </label>
            <label className={styles.field}>
              {t("url")}
              <input name="url" type="url" required maxLength={2000} className={styles.mono} />
            </label>
          </div>
          <fieldset>
            <legend>{t("events")}</legend>
            {webhookEvents.map((event) => (
              <label key={event} className={styles.inline}>
                <input
                  type="checkbox"
                  name="events"
                  value={event}
                  defaultChecked={event !== "note.password_failed"}
                />
                {t(`eventNames.${eventKey(event)}`)}
              </label>
            ))}
          </fieldset>
          <p className={styles.hint}>{t("urlHint")}</p>
          <div>
            <button type="submit" className={styles.primary} disabled={busy}>
              {busy ? t("busy") : t("add")}
            </button>
          </div>
        </form>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {secret && (
        <section className={styles.newKey} aria-labelledby="target-secret-heading">
          <h3 id="target-secret-heading">{t("secretHeading")}</h3>
          <p className={styles.warning}>{t("secretWarning")}</p>
          <div className={styles.row}>
            <input
              readOnly
              value={secret}
              aria-label={t("secretHeading")}
              className={styles.mono}
              spellCheck={false}
            />
            <button type="button" onClick={() => setSecret(null)}>
              {t("done")}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
