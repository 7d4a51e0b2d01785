import { describe, expect, it } from "vitest";
import { browserFamily } from "./browser-family";

// User-Agents as the browsers send them today, and as the test suite's own Chromium sends it.
const agents: [string, string][] = [
  [
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
    "Chrome",
  ],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Chrome",
  ],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1",
    "Chrome",
  ],
  [
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
    "Safari",
  ],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
    "Safari",
  ],
  ["Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0", "Firefox"],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
    "Microsoft Edge",
  ],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0",
    "Opera",
  ],
  [
    "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
    "Samsung Internet for Android",
  ],
  ["curl/8.5.0", "curl"],
  ["Wget/1.21.4", "Wget"],
  ["node", "other"],
  ["python-requests/2.32.3", "other"],
  // bowser would name these by their first word; the log keeps no name the reader made up.
  ["python-requests/2.32.3 CPython/3.12.1", "other"],
  ["Playwright/1.65.1 (x64; debian 12) node/20.20", "other"],
  ["Any Name I Like/1.0 (X11; Linux x86_64)", "other"],
  ["<script>alert(1)</script>", "other"],
];

describe("browserFamily", () => {
  it.each(agents)("%s is %s", (userAgent, family) => {
    expect(browserFamily(userAgent)).toBe(family);
  });

  it("names each the same when asked again, and after a thousand others pushed it out of memory", () => {
    const families = () => agents.map(([userAgent]) => browserFamily(userAgent));
    const expected = agents.map(([, family]) => family);
    expect(families()).toEqual(expected);
    for (let i = 0; i < 1000; i++) expect(browserFamily(`Unknown/${i}`)).toBe("other");
    expect(families()).toEqual(expected);
    expect(browserFamily(`Mozilla/5.0 ${"x".repeat(600)} Firefox/130.0`)).toBe("Firefox");
  });

  it("is null without a User-Agent", () => {
    expect(browserFamily(null)).toBeNull();
    expect(browserFamily("")).toBeNull();
  });
});
