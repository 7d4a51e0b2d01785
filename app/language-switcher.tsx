"use client";

import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { isLocale, languageName, localeCookieValue, locales } from "@/lib/i18n/locales";
import "./language-switcher.css";

/**
 * The site's languages as a labelled select, each named in its own language. A choice is kept in a
 * cookie for a year, which wins over Accept-Language, and the page is rendered again by the server
 * in that language (lib/i18n/request-config.ts). A refresh, not a reload: what is on screen stays (a
 * draft, or a note read for the last time), and so does the focus, on the select.
 */
export function LanguageSwitcher() {
  const current = useLocale();
  const router = useRouter();
  const t = useTranslations("layout");

  function choose(locale: string) {
    if (!isLocale(locale)) return;
    document.cookie = localeCookieValue(locale);
    router.refresh();
  }

  return (
    <div className="language-choice">
      <label htmlFor="language">{t("language")}</label>
      <select id="language" value={current} onChange={(event) => choose(event.target.value)}>
        {locales.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {languageName(locale)}
          </option>
        ))}
      </select>
    </div>
  );
}
