import { useLocale, useTranslations } from "next-intl";
import type { ApiFailure } from "./call-api";

/**
 * What a person reads for a failed call, in the page's language: no connection, a rate limit or a
 * spent file budget with the time to try again (in seconds and as a time of day), or else the API's
 * own sentence (English: the `error` code is the contract) in the words of the page's catalog.
 */
export function useFailureMessage(): (failure: ApiFailure) => string {
  const t = useTranslations("apiFailure");
  const locale = useLocale();
  return ({ error, message, retryAfter }) => {
    if (error === "network_error") return t("network");
    const budget = error === "file_budget_exceeded" && retryAfter !== null;
    if (error !== "rate_limited" && !budget) return t("other", { code: error, message });
    if (retryAfter === null) return t("rateLimited");
    const at = new Date(Date.now() + retryAfter * 1000).toLocaleTimeString(locale);
    return t(budget ? "fileBudget" : "retryAt", { seconds: retryAfter, at });
  };
}
