"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFailureMessage } from "@/lib/browser/use-failure-message";
import { adminRequest } from "./admin-request";
import styles from "./admin.module.css";
import { ConfirmButton } from "./confirm-button";

/** The id in a request's public or private link (`…/requests/<id>#…`), or the text as given. */
function requestIdOf(reference: string): string {
  const trimmed = reference.trim();
  return /\/requests\/([A-Za-z0-9]+)/.exec(trimmed)?.[1] ?? trimmed;
}

/** Take a request down by its id or link, after confirming: it and its answers are deleted for good. */
export function RequestTakeDown() {
  const router = useRouter();
  const [reference, setReference] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const t = useTranslations("admin.requests");
  const failureMessage = useFailureMessage();
  const id = requestIdOf(reference);

  async function takeDown() {
    const result = await adminRequest(`/admin/api/requests/${encodeURIComponent(id)}`, { method: "DELETE" });
    if (!result.ok) return failureMessage(result);
    setMessage(t("deleted", { id }));
    setReference("");
    router.refresh();
    return null;
  }

  return (
    <div className={styles.stack}>
      {/* Enter in the field asks, as the button does; the button shows before anything is typed. */}
      <form className={styles.row} onSubmit={(event) => event.preventDefault()}>
        <label className={styles.field}>
          {t("requestField")}
          <input
            value={reference}
            onChange={(event) => {
              setReference(event.target.value);
              setMessage(null);
            }}
            spellCheck={false}
            className={styles.mono}
          />
        </label>
        <ConfirmButton
          question={t("deleteQuestion", { id })}
          confirmLabel={t("deleteConfirm")}
          onConfirm={takeDown}
          submits
          disabled={!id}
        >
          {t("delete")}
        </ConfirmButton>
      </form>
      <p className={styles.hint}>{t("hint")}</p>
      <p role="status">{message}</p>
    </div>
  );
}
