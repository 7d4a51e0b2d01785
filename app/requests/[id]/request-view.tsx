"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useSyncExternalStore } from "react";
import { restoreFragment } from "@/lib/browser/kept-fragment";
import type { FileLimits } from "@/lib/browser/check-files";
import { formatDateTime } from "@/lib/i18n/format-date-time";
import type { RequestResponse } from "@/lib/requests/request-schemas";
import { useRememberedKey } from "../remembered-key";
import { AnswerForm } from "./answer-form";
import { RequestAnswers } from "./request-answers";

const fragmentOf = () => window.location.hash.slice(1);

function subscribeToFragment(onChange: () => void) {
  window.addEventListener("hashchange", onChange);
  return () => window.removeEventListener("hashchange", onChange);
}

/**
 * The request's title and instructions, then the private view when the link's fragment holds a
 * key, else the answer form (with a way back to the answers when this browser remembers the key).
 */
export function RequestView({ request, fileLimits }: { request: RequestResponse; fileLimits: FileLimits }) {
  const t = useTranslations("requests");
  const locale = useLocale();
  // The fragment is only known in the browser: the first render (the server's) shows neither view.
  const fragment = useSyncExternalStore(subscribeToFragment, fragmentOf, () => null);
  const remembered = useRememberedKey(request.id);
  // Back from signing in to a request for members only: the private link's key, kept in this tab.
  useEffect(() => restoreFragment(`/requests/${request.id}`), [request.id]);

  return (
    <div className="request-page">
      <h1>{request.title}</h1>
      {request.instructions && <p className="request-instructions">{request.instructions}</p>}
      <p className="hint">{t("expires", { at: formatDateTime(request.expires_at, locale) })}</p>
      {fragment ? (
        <RequestAnswers request={request} privateKey={fragment} remembered={remembered !== null} />
      ) : fragment === "" ? (
        <>
          {remembered && (
            <p className="banner ok">
              {t("remembered")} <a href={`#${remembered}`}>{t("openPrivate")}</a>
            </p>
          )}
          <AnswerForm request={request} fileLimits={fileLimits} />
        </>
      ) : null}
    </div>
  );
}
