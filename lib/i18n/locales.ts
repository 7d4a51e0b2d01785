// The languages of the web pages. A language is a catalog under messages/ (docs/development.md, "Languages"): to
// add one, add its file there, its line here and its catalog in lib/i18n/catalogs.ts.

type Language = {
  /** The language by its own name, as a visitor who reads only that language looks for it. */
  name: string;
  /** Right to left languages' pages are laid out mirrored (`<html dir="rtl">`). */
  direction: "ltr" | "rtl";
};

/** Every language of the site, in the switcher's order. */
const languages = {
  en: { name: "English", direction: "ltr" },
  de: { name: "Deutsch", direction: "ltr" },
  fr: { name: "Français", direction: "ltr" },
  es: { name: "Español", direction: "ltr" },
  it: { name: "Italiano", direction: "ltr" },
  "pt-BR": { name: "Português (Brasil)", direction: "ltr" },
  nl: { name: "Nederlands", direction: "ltr" },
  sv: { name: "Svenska", direction: "ltr" },
  da: { name: "Dansk", direction: "ltr" },
  nb: { name: "Norsk bokmål", direction: "ltr" },
  pl: { name: "Polski", direction: "ltr" },
  cs: { name: "Čeština", direction: "ltr" },
  tr: { name: "Türkçe", direction: "ltr" },
  ru: { name: "Русский", direction: "ltr" },
  uk: { name: "Українська", direction: "ltr" },
  ja: { name: "日本語", direction: "ltr" },
  ko: { name: "한국어", direction: "ltr" },
  "zh-CN": { name: "简体中文", direction: "ltr" },
  ar: { name: "العربية", direction: "rtl" },
  he: { name: "עברית", direction: "rtl" },
} as const satisfies Record<string, Language>;

export type Locale = keyof typeof languages;

export const locales = Object.keys(languages) as readonly Locale[];

/** Used when neither the cookie nor Accept-Language names a language the site has. */
export const defaultLocale: Locale = "en";

export const languageName = (locale: Locale): string => languages[locale].name;

export const textDirection = (locale: Locale): "ltr" | "rtl" => languages[locale].direction;

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
