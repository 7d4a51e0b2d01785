import { describe, expect, it } from "vitest";
import { isSameSiteRequest } from "./same-site";

const check = (headers: Record<string, string>, publicUrl?: string) =>
  isSameSiteRequest({ headers: new Headers({ host: "notes.test:3000", ...headers }), publicUrl });

describe("isSameSiteRequest", () => {
  it("accepts the site's own pages", () => {
    expect(check({ origin: "http://notes.test:3000", "sec-fetch-site": "same-origin" })).toBe(true);
    expect(check({ origin: "http://notes.test:3000" })).toBe(true);
    expect(check({ "sec-fetch-site": "same-origin" })).toBe(true);
  });

  it("accepts Origin: null (a form under no-referrer) only when Sec-Fetch-Site says same-origin", () => {
    expect(check({ origin: "null", "sec-fetch-site": "same-origin" })).toBe(true);
    expect(check({ origin: "null", "sec-fetch-site": "cross-site" })).toBe(false);
    expect(check({ origin: "null", "sec-fetch-site": "same-site" })).toBe(false);
  });

  it("refuses other sites, other ports and opaque origins", () => {
    expect(check({ origin: "http://evil.test", "sec-fetch-site": "cross-site" })).toBe(false);
    expect(check({ origin: "http://evil.test" })).toBe(false);
    expect(check({ origin: "http://notes.test:3001" })).toBe(false);
    expect(check({ origin: "null" })).toBe(false);
    expect(check({ origin: "not a url" })).toBe(false);
    expect(check({ origin: "http://notes.test:3000", "sec-fetch-site": "same-site" })).toBe(false);
    expect(check({ "sec-fetch-site": "cross-site" })).toBe(false);
    expect(check({ "sec-fetch-site": "none" })).toBe(false);
  });

  it("refuses a request that shows neither Origin nor Sec-Fetch-Site", () => {
    expect(check({})).toBe(false);
  });

  it("accepts PUBLIC_URL's origin behind a proxy that rewrites Host", () => {
    const headers = { origin: "https://notes.example.com", host: "127.0.0.1:3000" };
    expect(check(headers, "https://notes.example.com")).toBe(true);
    expect(check(headers)).toBe(false);
    expect(check({ ...headers, origin: "http://notes.example.com" }, "https://notes.example.com")).toBe(
      false,
    );
  });
});
