import { describe, expect, it } from "vitest";
import { parseRateRule, parseTrustProxy } from "./settings";

describe("parseRateRule", () => {
  it("reads <requests>/<window> and off", () => {
    expect(parseRateRule("30/1m")).toEqual({ limit: 30, windowMs: 60_000 });
    expect(parseRateRule(" 10 / 15m ")).toEqual({ limit: 10, windowMs: 900_000 });
    expect(parseRateRule("5/2s")).toEqual({ limit: 5, windowMs: 2_000 });
    expect(parseRateRule("50/1H")).toEqual({ limit: 50, windowMs: 3_600_000 });
    expect(parseRateRule("3/500ms")).toEqual({ limit: 3, windowMs: 500 });
    expect(parseRateRule("OFF")).toBe("off");
  });

  it("refuses anything else", () => {
    for (const text of [
      "",
      "30",
      "30/",
      "/1m",
      "0/1m",
      "30/0s",
      "30/1d",
      "30/50ms",
      "-1/1m",
      "1.5/1m",
      "30/8000h",
    ])
      expect(parseRateRule(text), text).toBeNull();
  });
});

describe("parseTrustProxy", () => {
  it("reads off, hop counts and header names", () => {
    for (const text of ["off", "false", "0", "00"]) expect(parseTrustProxy(text)).toBe("off");
    expect(parseTrustProxy("1")).toEqual({ hops: 1 });
    expect(parseTrustProxy("2")).toEqual({ hops: 2 });
    expect(parseTrustProxy("CF-Connecting-IP")).toEqual({ header: "cf-connecting-ip" });
  });

  it("refuses true (which proxy?) and what is not a header name", () => {
    for (const text of ["true", "yes please", "x_forwarded", "-x", "100"])
      expect(parseTrustProxy(text), text).toBeNull();
  });
});
