import { match } from "@formatjs/intl-localematcher";
import Negotiator from "negotiator";
import { defaultLocale, isLocale, locales, type Locale } from "./locales";

/**
 * The language of a page: the switcher's cookie when it names a language the site has, else the
 * first language of Accept-Language (by its q-values) that the site has, a regional tag matching its
 * language (`de-AT` is `de`), else English.
 */
export function negotiateLocale(cookie: string | undefined, acceptLanguage: string | null): Locale {
  if (isLocale(cookie)) return cookie;
  const headers = acceptLanguage === null ? {} : { "accept-language": acceptLanguage };
  const requested = new Negotiator({ headers }).languages().filter((tag) => tag !== "*");
  try {
    const found = match(requested, locales, defaultLocale, { algorithm: "lookup" });
    return isLocale(found) ? found : defaultLocale;
  } catch {
    // A malformed tag (Intl refuses it) asks for nothing the site has.
    return defaultLocale;
  }
}
