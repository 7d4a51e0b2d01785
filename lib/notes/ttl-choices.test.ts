import { describe, expect, it } from "vitest";
import { parseTtlChoices, ttlLabel } from "./ttl-choices";

describe("TTL_CHOICES", () => {
  it("reads each choice with its lifetime in seconds, in the order given", () => {
    expect([...(parseTtlChoices(" 5m, 1h ,1d,90d") ?? [])]).toEqual([
      ["5m", 300],
      ["1h", 3600],
      ["1d", 86400],
      ["90d", 7_776_000],
    ]);
    expect([...(parseTtlChoices("365d,1m") ?? [])]).toEqual([
      ["365d", 31_536_000],
      ["1m", 60],
    ]);
  });

  it("refuses malformed values, values out of 1m..365d, and one lifetime twice", () => {
    for (const text of [
      "",
      "1h,",
      "1w",
      "0m",
      "1.5h",
      "-1d",
      "1 h",
      "01h",
      "366d",
      "8761h",
      "1h,60m",
      "1d,1d",
    ]) {
      expect(parseTtlChoices(text), text).toBeNull();
    }
  });

  it("labels a choice as the create page shows it, in the page's language", () => {
    const choices = ["1m", "5m", "1h", "12h", "1d", "90d"];
    expect(choices.map((ttl) => ttlLabel(ttl, "de"))).toEqual([
      "1 Minute",
      "5 Minuten",
      "1 Stunde",
      "12 Stunden",
      "1 Tag",
      "90 Tage",
    ]);
    expect(choices.map((ttl) => ttlLabel(ttl, "en"))).toEqual([
      "1 minute",
      "5 minutes",
      "1 hour",
      "12 hours",
      "1 day",
      "90 days",
    ]);
  });
});
