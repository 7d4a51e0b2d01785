"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { sendJson } from "@/lib/browser/call-api";
import { useFailureMessage } from "@/lib/browser/use-failure-message";
import { useWebCrypto } from "@/lib/browser/web-crypto";
import { sealAnswer } from "@/lib/crypto/request-envelope";
import type { RequestResponse } from "@/lib/requests/request-schemas";
import { RequestsUnavailable } from "../requests-unavailable";

/** The responder's form: the secret is sealed here to the request's public key; only the envelope is sent. */
export function AnswerForm({ request }: { request: RequestResponse }) {
  const t = useTranslations("requests");
  // Outside a secure context the browser cannot seal the answer: the form says so as it appears.
  const available = useWebCrypto();
  const failureMessage = useFailureMessage();
  const [state, setState] = useState<"open" | "sending" | "sent" | "closed">(
    request.status === "closed" ? "closed" : "open",
  );
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const secret = String(new FormData(event.currentTarget).get("secret") ?? "");
    setState("sending");
    setError(null);
    const envelope = await sealAnswer(secret, { requestId: request.id, publicKey: request.public_key });
    const result = await sendJson(`/api/v1/requests/${request.id}/answers`, { body: { envelope } });
    if (result.ok) return setState("sent");
    setState(result.error === "request_closed" ? "closed" : "open");
    setError(failureMessage(result));
  }

  if (state === "closed") return <p className="banner">{t("closed")}</p>;
  if (state === "sent")
    return (
      <p role="status" className="banner">
        {t("sent")}
      </p>
    );
  return (
    <>
      {!available && <RequestsUnavailable page="answer" />}
      <form className="card" onSubmit={submit} aria-labelledby="answer-heading">
        <h2 id="answer-heading">{t("answerHeading")}</h2>
        <p className="hint">{t("answersLeft", { count: request.answers_left })}</p>
        <fieldset className="bare" disabled={!available}>
          <div className="field">
            <label htmlFor="request-secret">{t("secretField")}</label>
            <textarea id="request-secret" name="secret" rows={6} required spellCheck={false} />
          </div>
          <p className="hint">{t("answerHint")}</p>
          {error && (
            <p role="alert" className="form-error">
              {error}
            </p>
          )}
          <div className="button-row">
            <button type="submit" className="button" disabled={state === "sending"}>
              {state === "sending" ? t("sending") : t("send")}
            </button>
          </div>
        </fieldset>
      </form>
    </>
  );
}
