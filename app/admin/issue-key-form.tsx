"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useRef, useState, type FormEvent } from "react";
import { useFailureMessage } from "@/lib/browser/use-failure-message";
import { adminRequest } from "./admin-request";
import styles from "./admin.module.css";
import { useIssuedKey, type IssuedKey } from "./issued-key";

/**
 * Issues a key at `endpoint` (the admin page's, or /me's personal keys) and shows it this once: it
 * lives only in the page's state (issued-key.tsx), never in a URL.
 */
export function IssueKeyForm({ endpoint }: { endpoint: string }) {
  const router = useRouter();
  const { issued, show: setIssued } = useIssuedKey();
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const keyField = useRef<HTMLInputElement>(null);
  const t = useTranslations("admin.issueKey");
  const failureMessage = useFailureMessage();

  async function issue(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const label = String(new FormData(form).get("label") ?? "");
    setBusy(true);
    const result = await adminRequest<IssuedKey>(endpoint, { body: { label } });
    setBusy(false);
    setCopied(null);
    if (!result.ok) {
      setError(failureMessage(result));
      return;
    }
    setError(null);
    setIssued(result.data);
    form.reset();
    router.refresh();
  }

  async function copy() {
    if (!issued) return;
    try {
      await navigator.clipboard.writeText(issued.key);
      setCopied(t("copied"));
    } catch {
      keyField.current?.select();
      setCopied(t("blocked"));
    }
  }

  return (
    <div className={styles.stack}>
      <form method="post" className={styles.row} onSubmit={issue}>
        <label className={styles.field}>
          {t("label")}
          <input name="label" required maxLength={100} placeholder={t("placeholder")} />
        </label>
        <button type="submit" className={styles.primary} disabled={busy}>
          {busy ? t("busy") : t("submit")}
        </button>
      </form>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {issued && (
        <section className={styles.newKey} aria-labelledby="new-key-heading">
          <h3 id="new-key-heading">{t("newKeyHeading", { label: issued.label })}</h3>
          <p className={styles.warning}>{t("warning")}</p>
          <div className={styles.row}>
            <label className={styles.field}>
              {t("newKey")}
              <input ref={keyField} readOnly value={issued.key} className={styles.mono} spellCheck={false} />
            </label>
            <button type="button" onClick={copy}>
              {t("copy")}
            </button>
            <button type="button" onClick={() => setIssued(null)}>
              {t("done")}
            </button>
          </div>
          <p role="status">{copied}</p>
        </section>
      )}
    </div>
  );
}
