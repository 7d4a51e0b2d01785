"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { adminRequest } from "./admin-request";
import styles from "./admin.module.css";

type IssuedKey = { id: string; label: string; prefix: string; key: string };

/** Issues a key and shows it this once: it lives only in this component's state, never in a URL. */
export function IssueKeyForm() {
  const router = useRouter();
  const [issued, setIssued] = useState<IssuedKey | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const keyField = useRef<HTMLInputElement>(null);

  async function issue(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const label = String(new FormData(form).get("label") ?? "");
    setBusy(true);
    const result = await adminRequest<IssuedKey>("/admin/api/keys", { body: { label } });
    setBusy(false);
    setCopied(null);
    if (!result.ok) {
      setError(result.message);
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
      setCopied("Copied to the clipboard.");
    } catch {
      keyField.current?.select();
      setCopied("Copying is blocked here: the key is selected, press Ctrl+C (⌘C).");
    }
  }

  return (
    <div className={styles.stack}>
      <form className={styles.row} onSubmit={issue}>
        <label className={styles.field}>
          Key label
          <input name="label" required maxLength={100} placeholder="CI uploader" />
        </label>
        <button type="submit" className={styles.primary} disabled={busy}>
          {busy ? "Issuing…" : "Issue key"}
        </button>
      </form>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {issued && (
        <section className={styles.newKey} aria-labelledby="new-key-heading">
          <h3 id="new-key-heading">New key for “{issued.label}”</h3>
          <p className={styles.warning}>
            Copy it now: this is the only time it is shown. Only its hash is stored, so it cannot be
            recovered; if it is lost, revoke it and issue another.
          </p>
          <div className={styles.row}>
            <label className={styles.field}>
              New API key
              <input ref={keyField} readOnly value={issued.key} className={styles.mono} spellCheck={false} />
            </label>
            <button type="button" onClick={copy}>
              Copy
            </button>
            <button type="button" onClick={() => setIssued(null)}>
              Done
            </button>
          </div>
          <p role="status">{copied}</p>
        </section>
      )}
    </div>
  );
}
