"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { sendJson } from "@/lib/browser/call-api";
import { checkFiles, type FileLimits } from "@/lib/browser/check-files";
import { sealAnswerFiles } from "@/lib/browser/seal-files";
import { useFailureMessage } from "@/lib/browser/use-failure-message";
import { useWebCrypto } from "@/lib/browser/web-crypto";
import type { AnsweredResponse, RequestResponse } from "@/lib/requests/request-schemas";
import { FilePicker, type PickedFile } from "../../file-picker";
import { UploadProgress, useUpload } from "../../upload-progress";
import { RequestsUnavailable } from "../requests-unavailable";

/**
 * The responder's form: the secret (and, when the request takes them, the files' names and bytes)
 * is sealed here to the request's public key; only the envelope and ciphertext are sent.
 */
export function AnswerForm({ request, fileLimits }: { request: RequestResponse; fileLimits: FileLimits }) {
  const t = useTranslations("requests");
  // Outside a secure context the browser cannot seal the answer: the form says so as it appears.
  const available = useWebCrypto();
  const fileTexts = useTranslations("files");
  const locale = useLocale();
  const failureMessage = useFailureMessage();
  const upload = useUpload();
  const [state, setState] = useState<"open" | "sending" | "sent" | "closed">(
    request.status === "closed" ? "closed" : "open",
  );
  const [error, setError] = useState<string | null>(null);
  const [files, setFiles] = useState<PickedFile[]>([]);
  const chosen = files.map(({ file }) => file);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const secret = String(new FormData(event.currentTarget).get("secret") ?? "");
    const fileProblem = checkFiles(fileTexts, chosen, fileLimits, locale);
    if (fileProblem) return setError(fileProblem);
    setState("sending");
    setError(null);
    const to = { requestId: request.id, publicKey: request.public_key };
    const sealed = await sealAnswerFiles(secret, chosen, to);
    const result = await sendJson<AnsweredResponse>(`/api/v1/requests/${request.id}/answers`, {
      body: {
        envelope: sealed.envelope,
        ...(chosen.length > 0 && { files: chosen.map((file) => ({ size: file.size })) }),
      },
    });
    if (!result.ok) {
      setState(result.error === "request_closed" ? "closed" : "open");
      return setError(failureMessage(result));
    }
    const { files: targets, upload_token: token } = result.data;
    if (targets && token) {
      // An answer whose files never all arrive is deleted by the cleanup after UPLOAD_EXPIRY.
      const outcome = await upload.run({
        token,
        uploads: targets.flatMap((target, i) => {
          const file = chosen[i];
          const key = sealed.fileKeys[i];
          return file && key ? [{ target, file, key }] : [];
        }),
        discard: async () => {},
      });
      if (!outcome.ok) {
        setState("open");
        return setError(
          outcome.cancelled ? t("uploadCancelled") : t("uploadFailed", { reason: outcome.message }),
        );
      }
    }
    setState("sent");
  }

  if (state === "closed") return <p className="banner warn">{t("closed")}</p>;
  if (state === "sent")
    return (
      <p role="status" className="banner ok">
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
            <textarea
              id="request-secret"
              name="secret"
              rows={6}
              required={files.length === 0}
              spellCheck={false}
            />
          </div>
          <p className="hint">{t("answerHint")}</p>
          {request.files_allowed && (
            <>
              <p className="hint">{t("takesFiles")}</p>
              <FilePicker files={files} limits={fileLimits} errors={{}} onChange={setFiles} />
            </>
          )}
          {error && (
            <p role="alert" className="form-error">
              {error}
            </p>
          )}
          {upload.progress ? (
            <UploadProgress progress={upload.progress} onCancel={upload.cancel} />
          ) : (
            <div className="button-row">
              <button type="submit" className="button" disabled={state === "sending"}>
                {state === "sending" ? t("sending") : t("send")}
              </button>
            </div>
          )}
        </fieldset>
      </form>
    </>
  );
}
