import ar from "../../messages/ar.json";
import cs from "../../messages/cs.json";
import da from "../../messages/da.json";
import de from "../../messages/de.json";
import en from "../../messages/en.json";
import es from "../../messages/es.json";
import fr from "../../messages/fr.json";
import he from "../../messages/he.json";
import it from "../../messages/it.json";
import ja from "../../messages/ja.json";
import ko from "../../messages/ko.json";
import nb from "../../messages/nb.json";
import nl from "../../messages/nl.json";
import pl from "../../messages/pl.json";
import ptBR from "../../messages/pt-BR.json";
import ru from "../../messages/ru.json";
import sv from "../../messages/sv.json";
import tr from "../../messages/tr.json";
import uk from "../../messages/uk.json";
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
  sv,
  da,
  nb,
  pl,
  cs,
  tr,
  ru,
  uk,
  ja,
  ko,
  "zh-CN": zhCN,
  ar,
  he,
};
