"use client";

import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { languageNames, localeCookieValue, locales, type Locale } from "@/lib/i18n/locales";
import "./language-switcher.css";

/** Kept for a year; the server reads it on every page (lib/i18n/request-config.ts). */
function rememberLocale(locale: Locale) {
  document.cookie = localeCookieValue(locale);
}

/**
 * The site's languages as buttons, each named in its own language. A choice is kept in a cookie,
 * which wins over Accept-Language, and the page is rendered again by the server in that language.
 * A refresh, not a reload: what is on screen stays (a draft, or a note read for the last time).
 */
export function LanguageSwitcher() {
  const current = useLocale();
  const router = useRouter();
  const t = useTranslations("layout");

  function choose(locale: Locale) {
    rememberLocale(locale);
    router.refresh();
  }

  return (
    <nav className="language-choice" aria-label={t("language")}>
      {locales.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={locale === current}
          onClick={() => choose(locale)}
        >
          {languageNames[locale]}
        </button>
      ))}
    </nav>
  );
}
