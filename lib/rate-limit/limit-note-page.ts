import type { NextRequest } from "next/server";
import { createTranslator } from "use-intl/core";
import { ApiError } from "../http/api-error";
import { catalogs } from "../i18n/catalogs";
import { plainPageHtml } from "../http/plain-page";
import { localeCookie } from "../i18n/locales";
import { negotiateLocale } from "../i18n/negotiate-locale";
import { noteIdPattern } from "../notes/note-policy";
import { RequestLimits } from "./request-limits";

// A note's viewer page (`/<id>`) tells whether a note exists and shows its metadata, as meta does, so
// it counts against the same limit and bucket as meta and read: otherwise the page would be a way
// around that limit to probe ids. Only paths shaped like a note id are charged; any other path is a
// 404 that never asks the database.

type NotePageLimit = { refused: Response } | { refused: null; limits: RequestLimits | null };

/** The 429 page, in the visitor's language, with Retry-After and the RateLimit headers. */
function tooManyRequestsPage(request: NextRequest, limits: RequestLimits): Response {
  const locale = negotiateLocale(
    request.cookies.get(localeCookie)?.value,
    request.headers.get("accept-language"),
  );
  const t = createTranslator({ locale, messages: catalogs[locale], namespace: "tooManyRequests" });
  const response = limits.applyHeaders(
    new Response(null, { status: 429, headers: { "content-type": "text/html; charset=utf-8" } }),
  );
  const seconds = Number(response.headers.get("retry-after"));
  const html = plainPageHtml(locale, { title: t("title"), text: t("text", { seconds }) });
  return new Response(html, { status: 429, headers: response.headers });
}

/**
 * Charges a request for `request`'s path when it is a note's viewer page: the 429 page when the
 * client is over the reads limit, else the limits charged (null when none), whose RateLimit headers
 * go on the page.
 */
export async function limitNotePage(request: NextRequest): Promise<NotePageLimit> {
  if (!noteIdPattern.test(request.nextUrl.pathname.slice(1))) return { refused: null, limits: null };
  const limits = new RequestLimits(request.headers);
  try {
    await limits.charge("read", limits.clientId);
  } catch (error) {
    if (error instanceof ApiError && error.code === "rate_limited") {
      return { refused: tooManyRequestsPage(request, limits) };
    }
    throw error;
  }
  return { refused: null, limits };
}
