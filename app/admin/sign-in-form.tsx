"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { adminRequest } from "./admin-request";
import styles from "./admin.module.css";

export function SignInForm() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const secret = String(new FormData(event.currentTarget).get("secret") ?? "");
    setBusy(true);
    const result = await adminRequest("/admin/api/session", { body: { secret } });
    setBusy(false);
    if (result.ok) router.refresh();
    else setError(result.message);
  }

  return (
    <form className={styles.card} onSubmit={signIn} aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading">Sign in</h2>
      <label className={styles.field}>
        Admin secret
        <input name="secret" type="password" autoComplete="current-password" required autoFocus />
      </label>
      <button type="submit" className={styles.primary} disabled={busy}>
        {busy ? "Signing in…" : "Sign in"}
      </button>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </form>
  );
}
