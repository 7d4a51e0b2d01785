import { defaultLocale } from "@/lib/i18n/locales";

/**
 * A time in UTC, the same on the server and in every browser: in English as "2026-11-21 19:31:05 UTC"
 * (sortable, as operators write times in logs), in another language as Intl writes it there
 * ("21.11.2026, 19:31:05 UTC").
 */
export function formatTime(value: Date | string, locale: string): string {
  const time = new Date(value);
  if (locale === defaultLocale) return `${time.toISOString().slice(0, 19).replace("T", " ")} UTC`;
  return time.toLocaleString(locale, {
    dateStyle: "medium",
    timeStyle: "long",
    timeZone: "UTC",
  });
}
