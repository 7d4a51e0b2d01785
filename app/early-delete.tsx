"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { sendJson } from "@/lib/browser/call-api";
import { useFailureMessage } from "@/lib/browser/use-failure-message";
import { CopyField } from "./copy-field";

type Props = { id: string; deleteToken: string | null; deleteHeaders: Record<string, string> };

type Phase = { name: "idle" | "asking" | "deleting" | "deleted" } | { name: "failed"; message: string };

/**
 * How the creator takes the note down before it expires. A keyless note's delete token is shown here,
 * once, since nothing else can delete it; a keyed note is deleted with its key. "Delete now" acts at
 * once, after a confirmation, through the same DELETE call any client makes.
 */
export function EarlyDelete({ id, deleteToken, deleteHeaders }: Props) {
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  const outcome = useRef<HTMLParagraphElement>(null);
  const t = useTranslations("earlyDelete");
  const failureMessage = useFailureMessage();

  // The buttons that had focus are gone once the answer is in: the answer takes it instead.
  useEffect(() => {
    if (phase.name === "deleted" || phase.name === "failed") outcome.current?.focus();
  }, [phase]);

  async function remove() {
    setPhase({ name: "deleting" });
    const result = await sendJson(`/api/v1/shares/${id}`, { method: "DELETE", headers: deleteHeaders });
    setPhase(
      result.ok || result.error === "not_found"
        ? { name: "deleted" }
        : { name: "failed", message: failureMessage(result) },
    );
  }

  if (phase.name === "deleted") {
    return (
      <p ref={outcome} className="banner ok" role="status" tabIndex={-1}>
        {t("deleted")}
      </p>
    );
  }
  return (
    <section className="result-part" aria-labelledby="delete-heading">
      <h2 id="delete-heading">{t("heading")}</h2>
      {deleteToken ? (
        <>
          <p>{t("tokenIntro")}</p>
          <CopyField id="delete-token" label={t("token")} value={deleteToken} copyLabel={t("copyToken")} />
        </>
      ) : (
        <p>{t("keyIntro")}</p>
      )}
      {phase.name === "failed" && (
        <p ref={outcome} className="field-error" role="alert" tabIndex={-1}>
          {phase.message}
        </p>
      )}
      {phase.name === "asking" || phase.name === "deleting" ? (
        <div className="button-row" role="group" aria-label={t("question")}>
          <span>{t("question")}</span>
          <button
            type="button"
            className="button danger"
            onClick={remove}
            disabled={phase.name === "deleting"}
            autoFocus
          >
            {t("confirm")}
          </button>
          <button type="button" className="button ghost" onClick={() => setPhase({ name: "idle" })}>
            {t("cancel")}
          </button>
        </div>
      ) : (
        <div className="button-row">
          <button type="button" className="button ghost danger" onClick={() => setPhase({ name: "asking" })}>
            {t("deleteNow")}
          </button>
        </div>
      )}
    </section>
  );
}
