"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useFailureMessage } from "@/lib/browser/use-failure-message";
import { adminRequest } from "./admin-request";
import styles from "./admin.module.css";

/** The id in a request's public or private link (`…/requests/<id>#…`), or the text as given. */
function requestIdOf(reference: string): string {
  const trimmed = reference.trim();
  return /\/requests\/([A-Za-z0-9]+)/.exec(trimmed)?.[1] ?? trimmed;
}

/** Take a request down by its id or link: it and its answers are deleted for good. */
export function RequestTakeDown() {
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const t = useTranslations("admin.requests");
  const failureMessage = useFailureMessage();

  async function takeDown(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const id = requestIdOf(String(new FormData(form).get("request") ?? ""));
    const result = await adminRequest(`/admin/api/requests/${encodeURIComponent(id)}`, { method: "DELETE" });
    setMessage(result.ok ? t("deleted", { id }) : null);
    setError(result.ok ? null : failureMessage(result));
    if (result.ok) form.reset();
    router.refresh();
  }

  return (
    <div className={styles.stack}>
      <form method="post" className={styles.row} onSubmit={takeDown}>
        <label className={styles.field}>
          {t("requestField")}
          <input name="request" required spellCheck={false} className={styles.mono} />
        </label>
        <button type="submit" className={styles.primary}>
          {t("delete")}
        </button>
      </form>
      <p className={styles.hint}>{t("hint")}</p>
      <p role="status">{message}</p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
