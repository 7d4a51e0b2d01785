import type { Messages } from "./catalogs";
import type { Locale } from "./locales";

// Types every message key and its placeholders from the English catalog: a misspelt key or a
// missing argument fails `tsc`.
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
