import Negotiator from "negotiator";
import { createTranslator } from "use-intl/core";
import { ApiAnswer } from "../http/api-answer";
import { ApiError } from "../http/api-error";
import type { ApiRequest } from "../http/api-request";
import { plainPageHtml } from "../http/plain-page";
import { errorResponse } from "../http/respond";
import { catalogs } from "../i18n/catalogs";
import { localeCookie } from "../i18n/locales";
import { negotiateLocale } from "../i18n/negotiate-locale";
import { cookieValue } from "./session-cookie";

// A sign-in that fails in a browser (a navigation, which asks for text/html first) gets a page of
// ours in the person's language, with the same status as the JSON programs get: what went wrong in
// plain words, and a "Try again" link to /auth/sign-in that keeps return_to when it is known.

const pageCodes = new Set([
  "bad_return_to",
  "bad_sign_in_state",
  "sign_in_failed",
  "sign_in_denied",
  "provider_unavailable",
] as const);
type PageCode = typeof pageCodes extends Set<infer T> ? T : never;

const isPageCode = (code: string): code is PageCode => pageCodes.has(code as PageCode);

/** Whether the request prefers an HTML page to JSON (a browser's navigation does). */
function wantsPage(request: ApiRequest): boolean {
  const accept = request.headers.get("accept");
  if (accept === null) return false;
  return new Negotiator({ headers: { accept } }).mediaType(["application/json", "text/html"]) === "text/html";
}

/**
 * The failure's answer: a page for a browser, JSON for a program (as any route answers an
 * ApiError). What is no ApiError is a bug, thrown on.
 */
export function signInFailurePage(request: ApiRequest, error: unknown, returnTo: string | null): ApiAnswer {
  if (!(error instanceof ApiError)) throw error;
  if (!isPageCode(error.code) || !wantsPage(request)) return errorResponse(error);
  const locale = negotiateLocale(
    cookieValue(request.headers, localeCookie),
    request.headers.get("accept-language"),
  );
  const t = createTranslator({ locale, messages: catalogs[locale], namespace: "signInFailed" });
  const query = returnTo === null ? "" : `?${new URLSearchParams({ return_to: returnTo })}`;
  const html = plainPageHtml(locale, {
    title: t("title"),
    text: t(error.code),
    link: { href: `/auth/sign-in${query}`, label: t("tryAgain") },
  });
  return new ApiAnswer(html, {
    status: error.status,
    headers: { "content-type": "text/html; charset=utf-8" },
  });
}
