"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { sendJson } from "@/lib/browser/call-api";
import type { NoteFile } from "@/lib/browser/file-download";
import { fileKey } from "@/lib/crypto/file-envelope";
import { formatDateTime } from "@/lib/i18n/format-date-time";
import { useFailureMessage } from "@/lib/browser/use-failure-message";
import { useWebCrypto, webCryptoAvailable } from "@/lib/browser/web-crypto";
import { RequestEnvelopeError, openAnswer, openRequestKey } from "@/lib/crypto/request-envelope";
import type { AnswerListResponse, AnswerResponse, RequestResponse } from "@/lib/requests/request-schemas";
import { FileList } from "../../[id]/file-list";
import { forgetKey } from "../remembered-key";
import { RequestsUnavailable } from "../requests-unavailable";

type Listed = AnswerListResponse["answers"][number];
type Opened = { text: string; files: NoteFile[] };

/** An opened answer's files: names from its envelope, where to fetch them from the server's list. */
async function filesOf(
  answer: AnswerResponse,
  opened: Awaited<ReturnType<typeof openAnswer>>,
  headers: Record<string, string>,
): Promise<NoteFile[]> {
  const { files: sealed, filesKey } = opened;
  if (!sealed || !filesKey || sealed.length !== answer.files.length) return [];
  return Promise.all(
    answer.files.map(async (listed, i) => {
      const { name, type, size, salt } = sealed[i]!;
      const key = await fileKey(filesKey, salt);
      return { index: listed.index, name, type, size, download_url: listed.download_url, key, headers };
    }),
  );
}

type Props = {
  request: RequestResponse;
  privateKey: string;
  /** this browser keeps the request's key: the view offers to forget it */
  remembered: boolean;
};

/**
 * The requester's view: the private key is checked against the request's public key before
 * anything is fetched, then the answers are listed, and each opens here, in the browser.
 */
export function RequestAnswers({ request, privateKey, remembered }: Props) {
  const t = useTranslations("requests");
  const locale = useLocale();
  const failureMessage = useFailureMessage();
  const available = useWebCrypto();
  const [proof, setProof] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Listed[] | null>(null);
  const [opened, setOpened] = useState<Record<number, Opened>>({});
  const [error, setError] = useState<string | null>(null);
  const [deleted, setDeleted] = useState(false);
  const base = `/api/v1/requests/${request.id}`;
  const at = (seconds: number) => formatDateTime(seconds, locale);

  useEffect(() => {
    // Without WebCrypto the key cannot even be checked: nothing is fetched, no answer marked read.
    if (!webCryptoAvailable()) return;
    let current = true;
    void (async () => {
      try {
        const key = await openRequestKey(privateKey, request.public_key);
        const headers = { "x-owner-proof": key.ownerProof };
        const result = await sendJson<AnswerListResponse>(`${base}/answers`, { method: "GET", headers });
        if (!current) return;
        if (!result.ok)
          return setError(result.error === "wrong_owner_proof" ? t("wrongOwner") : failureMessage(result));
        setProof(key.ownerProof);
        setAnswers(result.data.answers);
      } catch (failure) {
        if (!(failure instanceof RequestEnvelopeError)) throw failure;
        if (current) setError(failure.reason === "wrong_key" ? t("wrongKey") : t("badKey"));
      }
    })();
    return () => {
      current = false;
    };
    // t and failureMessage change identity on each render; the key and the request decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [privateKey, request.public_key, base]);

  const headers = { "x-owner-proof": proof ?? "" };

  async function open(number: number) {
    const result = await sendJson<AnswerResponse>(`${base}/answers/${number}`, { method: "GET", headers });
    if (!result.ok) return setError(failureMessage(result));
    try {
      const answer = await openAnswer(result.data.envelope, { requestId: request.id, privateKey });
      const files = await filesOf(result.data, answer, headers);
      setOpened((before) => ({ ...before, [number]: { text: answer.text, files } }));
      setAnswers(
        (before) =>
          before?.map((answer) =>
            answer.number === number ? { ...answer, read_at: result.data.read_at } : answer,
          ) ?? null,
      );
    } catch (failure) {
      if (!(failure instanceof RequestEnvelopeError)) throw failure;
      setError(t("wrongAnswer"));
    }
  }

  async function remove(number: number) {
    const result = await sendJson(`${base}/answers/${number}`, { method: "DELETE", headers });
    if (!result.ok) return setError(failureMessage(result));
    setAnswers((before) => before?.filter((answer) => answer.number !== number) ?? null);
  }

  async function removeRequest() {
    const result = await sendJson(base, { method: "DELETE", headers });
    if (!result.ok) return setError(failureMessage(result));
    forgetKey(request.id);
    setDeleted(true);
  }

  if (!available) return <RequestsUnavailable page="open" />;
  if (deleted)
    return (
      <p role="status" className="banner ok">
        {t("deletedRequest")}
      </p>
    );
  if (error && answers === null)
    return (
      <p role="alert" className="form-error">
        {error}
      </p>
    );
  if (answers === null) return null;
  return (
    <section className="card" aria-labelledby="answers-heading">
      <h2 id="answers-heading">{t("privateHeading")}</h2>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {answers.length === 0 && <p>{t("noAnswers")}</p>}
      {answers.map((answer) => (
        <article key={answer.number} aria-label={t("answerLabel", { number: answer.number })}>
          <h3>{t("answerLabel", { number: answer.number })}</h3>
          <p className="hint">
            {t("answerMeta", {
              at: at(answer.created_at),
              client: answer.client ?? "—",
              browser: answer.browser ?? t("unknownBrowser"),
            })}
            {answer.read_at !== null && ` · ${t("read", { at: at(answer.read_at) })}`}
          </p>
          {answer.files_pending && <p className="hint">{t("filesPending")}</p>}
          {opened[answer.number] !== undefined && (
            <>
              <pre className="request-answer">{opened[answer.number]?.text}</pre>
              <FileList files={opened[answer.number]?.files ?? []} grantHint={false} />
            </>
          )}
          <div className="button-row">
            {opened[answer.number] === undefined && (
              <button type="button" className="button" onClick={() => open(answer.number)}>
                {t("open")}
              </button>
            )}
            <button type="button" className="button ghost" onClick={() => remove(answer.number)}>
              {answer.read_at === null ? t("delete") : t("burn")}
            </button>
          </div>
        </article>
      ))}
      <div className="button-row">
        <button type="button" className="button ghost" onClick={removeRequest}>
          {t("deleteRequest")}
        </button>
        {remembered && (
          <button type="button" className="button ghost" onClick={() => forgetKey(request.id)}>
            {t("forget")}
          </button>
        )}
      </div>
    </section>
  );
}
