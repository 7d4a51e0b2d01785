import ar from "../../messages/ar.json";
import de from "../../messages/de.json";
import en from "../../messages/en.json";
import es from "../../messages/es.json";
import fr from "../../messages/fr.json";
import it from "../../messages/it.json";
import ja from "../../messages/ja.json";
import nl from "../../messages/nl.json";
import pl from "../../messages/pl.json";
import ptBR from "../../messages/pt-BR.json";
import zhCN from "../../messages/zh-CN.json";
import type { Locale } from "./locales";

// Every catalog is bundled with the server: choosing one per request is a property lookup, never a
// file read or a database call. English is the reference; lib/i18n/catalogs.test.ts checks that
// every other catalog has exactly its messages, with the same placeholders.

export type Messages = typeof en;

export const catalogs: Record<Locale, Messages> = {
  en,
  de,
  fr,
  es,
  it,
  "pt-BR": ptBR,
  nl,
  pl,
  ja,
  "zh-CN": zhCN,
  ar,
};
