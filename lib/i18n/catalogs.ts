import de from "../../messages/de.json";
import en from "../../messages/en.json";
import type { Locale } from "./locales";

// Every catalog is bundled with the server: choosing one per request is a property lookup, never a
// file read or a database call. English is the reference; lib/i18n/catalogs.test.ts checks that
// every other catalog has exactly its messages, with the same placeholders.

export type Messages = typeof en;

export const catalogs: Record<Locale, Messages> = { en, de };
