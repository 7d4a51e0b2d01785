"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { copyText } from "@/lib/browser/copy-text";
import "./copy-field.css";

type Props = { id: string; label: string; value: string; copyLabel: string; focusOnMount?: boolean };

/**
 * A value to take away (a link, a token): read-only, selected for a manual copy, and a button that
 * copies it. When the browser refuses the clipboard, the text is selected and the status says so.
 */
export function CopyField({ id, label, value, copyLabel, focusOnMount = false }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState("");
  const t = useTranslations("copyField");

  useEffect(() => {
    if (!focusOnMount) return;
    input.current?.focus();
    input.current?.select();
  }, [focusOnMount]);

  async function copy() {
    if (await copyText(value)) return setStatus(t("copied"));
    input.current?.select();
    setStatus(t("blocked"));
  }

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="share-link">
        <input id={id} ref={input} type="text" dir="ltr" readOnly value={value} spellCheck={false} />
        <button type="button" className="button" onClick={copy}>
          {copyLabel}
        </button>
      </div>
      <p role="status" className="hint">
        {status}
      </p>
    </div>
  );
}
