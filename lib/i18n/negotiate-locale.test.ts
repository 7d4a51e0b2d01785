import { describe, expect, it } from "vitest";
import { negotiateLocale } from "./negotiate-locale";

describe("negotiateLocale", () => {
  it.each([
    ["fr-FR, fr;q=0.9", "fr"],
    ["fr-CA", "fr"],
    ["es-MX,es;q=0.9", "es"],
    ["it-CH", "it"],
    ["nl-BE", "nl"],
    ["pl", "pl"],
    ["ja-JP", "ja"],
    ["ar-EG", "ar"],
    ["ar", "ar"],
    ["de-AT, en;q=0.5", "de"],
    ["ru-RU", "ru"],
    ["ru-UA, uk;q=0.8", "ru"],
    ["uk-UA", "uk"],
    ["tr-TR", "tr"],
    ["ko-KR", "ko"],
    ["sv-SE", "sv"],
    ["sv-FI", "sv"],
    ["da-DK", "da"],
    ["nb-NO", "nb"],
    ["cs-CZ", "cs"],
    ["he-IL", "he"],
    ["iw", "he"],
    ["en-GB, de;q=0.9", "en"],
  ])("picks a language whatever its region: %s is %s", (header, locale) => {
    expect(negotiateLocale(undefined, header)).toBe(locale);
  });

  it.each([
    ["pt", "pt-BR"],
    ["pt-BR", "pt-BR"],
    ["pt-PT", "pt-BR"],
    ["pt-AO", "pt-BR"],
  ])("gives Brazilian Portuguese to every Portuguese reader: %s", (header, locale) => {
    expect(negotiateLocale(undefined, header)).toBe(locale);
  });

  it.each([
    ["zh", "zh-CN"],
    ["zh-CN", "zh-CN"],
    ["zh-Hans", "zh-CN"],
    ["zh-SG", "zh-CN"],
    ["zh-Hans-HK", "zh-CN"],
    ["zh-TW", "en"],
    ["zh-HK", "en"],
    ["zh-Hant", "en"],
    ["zh-TW, ja;q=0.8", "ja"],
  ])("gives Simplified Chinese to readers of simplified characters only: %s is %s", (header, locale) => {
    expect(negotiateLocale(undefined, header)).toBe(locale);
  });

  it.each([
    ["no", "nb"],
    ["no-NO", "nb"],
    ["nn", "nb"],
    ["nn-NO, da;q=0.9", "nb"],
    ["da, nb;q=0.9", "da"],
  ])("gives Bokmål to Norwegian readers who ask for Norwegian or Nynorsk: %s is %s", (header, locale) => {
    expect(negotiateLocale(undefined, header)).toBe(locale);
  });

  it("follows the q-values, not the order, and skips what the site lacks", () => {
    expect(negotiateLocale(undefined, "fi;q=1, ar;q=0.4, pl;q=0.8")).toBe("pl");
    expect(negotiateLocale(undefined, "fi, hu")).toBe("en");
  });

  it("lets the switcher's cookie win, when it names a language the site has", () => {
    expect(negotiateLocale("zh-CN", "de")).toBe("zh-CN");
    expect(negotiateLocale("pt-BR", null)).toBe("pt-BR");
    expect(negotiateLocale("pt", "ja")).toBe("ja");
    expect(negotiateLocale("xx", null)).toBe("en");
  });

  it("takes a malformed or wildcard tag as asking for nothing", () => {
    expect(negotiateLocale(undefined, "not a language tag")).toBe("en");
    expect(negotiateLocale(undefined, "*, fr;q=0.5")).toBe("fr");
    expect(negotiateLocale(undefined, "")).toBe("en");
  });
});
