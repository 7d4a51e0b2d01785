import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { catalogs } from "./catalogs";
import { localeCookie } from "./locales";
import { negotiateLocale } from "./negotiate-locale";

// next-intl's per-request configuration (next.config.mjs points its plugin here): the locale from
// the request's cookie and Accept-Language, and that locale's catalog. No locale in the URL.
export default getRequestConfig(async () => {
  const locale = negotiateLocale(
    (await cookies()).get(localeCookie)?.value,
    (await headers()).get("accept-language"),
  );
  return { locale, messages: catalogs[locale] };
});
