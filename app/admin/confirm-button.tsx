"use client";

import { useTranslations } from "next-intl";
import { useRef, useState, type ReactNode } from "react";
import styles from "./admin.module.css";

/**
 * A destructive action in two steps: the button asks, and only "confirm" acts. `onConfirm` returns
 * an error message, or null when it worked. With `submits`, the button is its form's submit button,
 * so that Enter in the form's field asks too.
 */
export function ConfirmButton(props: {
  children: ReactNode;
  question: string;
  confirmLabel: string;
  onConfirm: () => Promise<string | null>;
  submits?: boolean;
  disabled?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const t = useTranslations("admin");

  function cancel() {
    setAsking(false);
    requestAnimationFrame(() => trigger.current?.focus());
  }

  async function confirm() {
    setBusy(true);
    const failure = await props.onConfirm();
    setBusy(false);
    setError(failure);
    // Answered either way: the button comes back (a form's field may take the next id).
    cancel();
  }

  if (!asking) {
    return (
      <span className={styles.inline}>
        <button
          ref={trigger}
          type={props.submits ? "submit" : "button"}
          className={styles.danger}
          disabled={props.disabled}
          onClick={() => setAsking(true)}
        >
          {props.children}
        </button>
        {error && (
          <span role="alert" className={styles.error}>
            {error}
          </span>
        )}
      </span>
    );
  }
  return (
    <span
      role="group"
      aria-label={props.question}
      className={styles.confirm}
      onKeyDown={(event) => event.key === "Escape" && cancel()}
    >
      <span>{props.question}</span>
      <button type="button" className={styles.danger} onClick={confirm} disabled={busy} autoFocus>
        {props.confirmLabel}
      </button>
      <button type="button" onClick={cancel} disabled={busy}>
        {t("cancel")}
      </button>
    </span>
  );
}
