import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { catalogs } from "./catalogs";
import { formatDuration } from "./format-date-time";
import type { Locale } from "./locales";

const durationIn = (locale: Locale, seconds: number) => {
  const t = createTranslator({ locale, messages: catalogs[locale], namespace: "countdown.units" });
  return formatDuration(seconds, locale, (unit, count) => t(unit, { count }));
};

describe("formatDuration", () => {
  it("says a countdown in the page's language, to the minute when it is days long", () => {
    expect(durationIn("en", 3_600)).toBe("1 h 0 min 0 s");
    expect(durationIn("en", 2 * 86_400 + 3 * 3_600 + 5 * 60 + 9)).toBe("2 d 3 h 5 min");
    expect(durationIn("de", 59 * 60 + 7)).toBe("59 Min., 7 Sek.");
    expect(durationIn("de", 2 * 86_400 + 3 * 3_600 + 5 * 60 + 9)).toBe("2 Tg., 3 Std. und 5 Min.");
  });

  it("writes units as each language does: joined without spaces in Japanese and Chinese, with و in Arabic", () => {
    const twoDays = 2 * 86_400 + 3 * 3_600 + 5 * 60 + 9;
    expect(durationIn("ja", twoDays)).toBe("2日3時間5分");
    expect(durationIn("zh-CN", twoDays)).toBe("2天3小时5分");
    expect(durationIn("ar", 59 * 60 + 58)).toBe("59 د و58 ث");
    expect(durationIn("pl", 3_600)).toBe("1 godz., 0 min i 0 s");
    expect(durationIn("fr", twoDays)).toBe("2 j 3 h 5 min");
    expect(durationIn("ru", twoDays)).toBe("2 дн. 3 ч 5 мин");
    expect(durationIn("ko", twoDays)).toBe("2일 3시간 5분");
    expect(durationIn("da", 59 * 60 + 58)).toBe("59 min og 58 s");
    expect(durationIn("he", 59 * 60 + 58)).toBe("59 דק׳ 58 שנ׳");
  });
});
