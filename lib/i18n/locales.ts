// The languages of the web pages. A language is a catalog under messages/ (docs/development.md, "Languages"): to add
// one, add its file there, its code here and its catalog in lib/i18n/catalogs.ts.

export const locales = ["en", "de"] as const;

export type Locale = (typeof locales)[number];

/** Used when neither the cookie nor Accept-Language names a language the site has. */
export const defaultLocale: Locale = "en";

/** Each language by its own name, as a visitor who reads only that language looks for it. */
export const languageNames: Record<Locale, string> = { en: "English", de: "Deutsch" };

/** The switcher's choice; it wins over Accept-Language. */
export const localeCookie = "locale";

export function isLocale(value: string | undefined): value is Locale {
  return locales.some((locale) => locale === value);
}

/**
 * The cookie the switcher sets: a year, the whole site, and Lax, since it carries no authority (the
 * same terms as the theme's cookie).
 */
export const localeCookieValue = (locale: Locale) =>
  `${localeCookie}=${locale}; path=/; max-age=31536000; samesite=lax`;
