"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useFailureMessage } from "@/lib/browser/use-failure-message";
import { adminRequest } from "./admin-request";
import styles from "./admin.module.css";

export function SignInForm() {
  const router = useRouter();
  const t = useTranslations("admin.signIn");
  const failureMessage = useFailureMessage();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const secret = String(new FormData(event.currentTarget).get("secret") ?? "");
    setBusy(true);
    const result = await adminRequest("/admin/api/session", { body: { secret } });
    setBusy(false);
    if (result.ok) router.refresh();
    else setError(failureMessage(result));
  }

  return (
    <form method="post" className={styles.card} onSubmit={signIn} aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading">{t("heading")}</h2>
      <label className={styles.field}>
        {t("secret")}
        <input name="secret" type="password" autoComplete="current-password" required autoFocus />
      </label>
      <button type="submit" className={styles.primary} disabled={busy}>
        {busy ? t("busy") : t("submit")}
      </button>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </form>
  );
}
