import { describe, expect, it } from "vitest";
import { returnToPath } from "./return-to";

describe("returnToPath", () => {
  it("takes a path on this site, with its query and fragment", () => {
    expect(returnToPath("/me")).toBe("/me");
    expect(returnToPath("/AbCdEfGhIj?x=1#key")).toBe("/AbCdEfGhIj?x=1#key");
    expect(returnToPath("/requests/new")).toBe("/requests/new");
  });

  it("goes to /me when none is given", () => {
    expect(returnToPath(null)).toBe("/me");
    expect(returnToPath("")).toBe("/me");
  });

  it("refuses whatever could lead to another site", () => {
    for (const value of [
      "https://evil.test/",
      "http:/evil.test",
      "javascript:alert(1)",
      "//evil.test",
      "//evil.test/me",
      "/\\evil.test",
      "\\\\evil.test",
      "/\t/evil.test",
      "/\n/evil.test",
      "me",
      " /me",
      "./me",
    ]) {
      expect(returnToPath(value), value).toBeNull();
    }
  });
});
