import { describe, expect, it } from "vitest";
import { ApiError } from "../http/api-error";
import { parseBody } from "../http/parse-body";
import { createNoteBodySchema, createNoteErrorCode } from "./note-schemas";

const parse = (body: unknown) => parseBody(createNoteBodySchema, body, createNoteErrorCode);

function codeOf(body: unknown): string {
  try {
    parse(body);
    return "ok";
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

describe("createNoteBodySchema", () => {
  it("accepts a minimal note", () => {
    expect(parse({ content: "x", ttl: "1h" })).toEqual({ content: "x", ttl: "1h" });
  });

  it("refuses a field it does not name, at any depth, before any other problem", () => {
    expect(codeOf({ content: "x", ttl: "1h", pasword: "s" })).toBe("unknown_field");
    expect(codeOf({ contnet: "x", ttl: "1h" })).toBe("unknown_field");
    expect(codeOf({ ttl: "1w", pages: [{ content: "a" }, { titel: "b", content: "b" }] })).toBe(
      "unknown_field",
    );
    expect(() => parse({ ttl: "1h", pages: [{ content: "a", titel: "b" }] })).toThrow(
      'Unknown field "pages[0].titel": this route does not take it.',
    );
  });

  it("accepts pages with optional titles and formats", () => {
    expect(
      parse({ ttl: "1d", pages: [{ content: "a" }, { title: "B", content: "b", format: "html" }] }),
    ).toEqual({
      ttl: "1d",
      pages: [{ content: "a" }, { title: "B", content: "b", format: "html" }],
    });
  });

  it.each([
    [{ ttl: "1h" }, "empty_content"],
    [{ content: "  ", ttl: "1h" }, "empty_content"],
    [{ content: 1, ttl: "1h" }, "empty_content"],
    [{ content: "x", pages: [{ content: "y" }], ttl: "1h" }, "bad_pages"],
    [{ pages: "x", ttl: "1h" }, "bad_pages"],
    [{ pages: [], ttl: "1h" }, "bad_pages"],
    [{ pages: [1], ttl: "1h" }, "bad_pages"],
    [{ pages: [{ title: 1, content: "c" }], ttl: "1h" }, "bad_pages"],
    [{ pages: [{ title: "t" }], ttl: "1h" }, "empty_page"],
    [{ pages: [{ content: "c", format: "x" }], ttl: "1h" }, "bad_content_type"],
    [{ content: "x", format: "rtf", ttl: "1h" }, "bad_content_type"],
    [{ content: "x", ttl: "1w" }, "bad_ttl"],
    [{ content: "x", ttl: "1h", burn_after: 0 }, "bad_burn_after"],
    [{ content: "x", ttl: "1h", burn_after: 1000.5 }, "bad_burn_after"],
    [{ content: "x", ttl: "1h", burn_after: "1" }, "bad_burn_after"],
    [{ content: "x", ttl: "1h", permanent: 1 }, "bad_json"],
    [{ content: "x", ttl: "1h", password: false }, "bad_json"],
    [{ content: "a\u0000", ttl: "1h" }, "bad_json"],
    [{ content: "a\ud800", ttl: "1h" }, "bad_json"],
    [{ pages: [{ title: "\udc00", content: "c" }], ttl: "1h" }, "bad_json"],
    [{ content: "x", ttl: "1h", burn_after: 1000 }, "ok"],
    [{ content: "x", ttl: "1h", burn_after: null }, "ok"],
    [{ content: "x", permanent: true }, "ok"],
  ])("%j -> %s", (body, code) => {
    expect(codeOf(body)).toBe(code);
  });

  it("101 pages are bad_pages, 100 are fine", () => {
    const pages = (n: number) => Array.from({ length: n }, () => ({ content: "p" }));
    expect(codeOf({ ttl: "1h", pages: pages(100) })).toBe("ok");
    expect(codeOf({ ttl: "1h", pages: pages(101) })).toBe("bad_pages");
  });

  describe("recipients", () => {
    const labels = (n: number) => Array.from({ length: n }, (_, i) => `r${i}`);
    it("trims each label and keeps their order", () => {
      expect(parse({ content: "x", ttl: "1h", recipients: [" Bob ", "Alice"] })).toEqual({
        content: "x",
        ttl: "1h",
        recipients: ["Bob", "Alice"],
      });
    });

    it.each([
      [["a"], "must have at least 2 recipients"],
      [labels(51), "must have at most 50 recipients"],
      [["a", " "], "must not hold an empty label"],
      [["a", "x".repeat(101)], "must hold labels of at most 100 characters"],
      [["Alice", " alice "], "must not repeat a label (compared without case and surrounding spaces)"],
      ["a,b", "must be an array of strings"],
      [["a", 2], "must be an array of strings"],
    ])("%j is bad_recipients: %s", (recipients, message) => {
      expect(codeOf({ content: "x", ttl: "1h", recipients })).toBe("bad_recipients");
      expect(() => parse({ content: "x", ttl: "1h", recipients })).toThrow(message);
    });

    it("takes 2 to 50 labels of up to 100 characters", () => {
      expect(codeOf({ content: "x", ttl: "1h", recipients: labels(2) })).toBe("ok");
      expect(codeOf({ content: "x", ttl: "1h", recipients: labels(50) })).toBe("ok");
      expect(codeOf({ content: "x", ttl: "1h", recipients: ["a", ` ${"x".repeat(100)} `] })).toBe("ok");
    });
  });

  it("names the field in the message", () => {
    expect(() => parse({ content: "x", ttl: "2h" })).toThrow(/^ttl: must be one of 1h, 1d, 7d, 30d$/);
    expect(() => parse({ ttl: "1h", pages: [{ title: "a", content: "" }] })).toThrow(
      /^pages\[0\]\.content: /,
    );
  });
});
