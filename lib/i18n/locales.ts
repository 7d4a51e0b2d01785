// The languages of the web pages. A language is a catalog under messages/ (docs/development.md, "Languages"): to add
// one, add its file there, its code here and its catalog in lib/i18n/catalogs.ts.

export const locales = ["en", "de", "fr", "es", "it", "pt-BR", "nl", "pl", "ja", "zh-CN", "ar"] as const;

export type Locale = (typeof locales)[number];

/** Used when neither the cookie nor Accept-Language names a language the site has. */
export const defaultLocale: Locale = "en";

/** Each language by its own name, as a visitor who reads only that language looks for it. */
export const languageNames: Record<Locale, string> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  it: "Italiano",
  "pt-BR": "Português (Brasil)",
  nl: "Nederlands",
  pl: "Polski",
  ja: "日本語",
  "zh-CN": "简体中文",
  ar: "العربية",
};

/** Languages written right to left: their pages are laid out mirrored (`<html dir="rtl">`). */
const rightToLeft: ReadonlySet<Locale> = new Set(["ar"]);

export const textDirection = (locale: Locale): "ltr" | "rtl" => (rightToLeft.has(locale) ? "rtl" : "ltr");

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
