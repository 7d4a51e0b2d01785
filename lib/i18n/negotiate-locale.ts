import Negotiator from "negotiator";
import { defaultLocale, isLocale, locales, type Locale } from "./locales";

/** A language tag's language and script, the script filled in when the tag leaves it implied. */
function languageAndScript(tag: string): string | null {
  try {
    const { language, script } = new Intl.Locale(tag).maximize();
    return `${language}-${script ?? ""}`;
  } catch {
    // A malformed tag (Intl refuses it) asks for nothing the site has.
    return null;
  }
}

const siteLocales = new Map(locales.map((locale) => [languageAndScript(locale), locale]));

/**
 * Languages the site has no catalog of whose readers read one it has: `no` (Norwegian, as most browsers
 * send it) is written in Bokmål nearly always, and every reader of Nynorsk (`nn`) learns Bokmål at
 * school. Keyed as languageAndScript writes them.
 */
const readAlso = new Map<string, Locale>([
  ["no-Latn", "nb"],
  ["nn-Latn", "nb"],
]);

/**
 * The language of a page: the switcher's cookie when it names a language the site has, else the
 * first language of Accept-Language (by its q-values) that the site has in the same script, whatever
 * the region: `de-AT` is `de`, `pt` and `pt-PT` are `pt-BR`, `zh`, `zh-Hans` and `zh-SG` are
 * `zh-CN`, but `zh-TW` and `zh-HK` (Traditional characters) are not; `no` and `nn` are `nb`; else
 * English.
 */
export function negotiateLocale(cookie: string | undefined, acceptLanguage: string | null): Locale {
  if (isLocale(cookie)) return cookie;
  const headers = acceptLanguage === null ? {} : { "accept-language": acceptLanguage };
  for (const tag of new Negotiator({ headers }).languages()) {
    const wanted = languageAndScript(tag);
    const found = siteLocales.get(wanted) ?? readAlso.get(wanted ?? "");
    if (found) return found;
  }
  return defaultLocale;
}
