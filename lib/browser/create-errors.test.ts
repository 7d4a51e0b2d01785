import { describe, expect, it } from "vitest";
import { fieldOfError } from "./create-errors";

describe("fieldOfError", () => {
  it("follows the field the API names first in its message", () => {
    expect(fieldOfError("empty_page", "pages[2].content: must not be empty", 3)).toBe("content-2");
    expect(fieldOfError("bad_content_type", 'pages[1].format: must be "markdown" or "html"', 3)).toBe(
      "format-1",
    );
    expect(fieldOfError("bad_json", "content: contains U+0000 (NUL), which cannot be stored", 1)).toBe(
      "content-0",
    );
    expect(fieldOfError("bad_json", "password: must be a string", 1)).toBe("password");
    expect(fieldOfError("bad_burn_after", "burn_after: must be at least 1", 1)).toBe("burn_after");
  });

  it("falls back on the code, then on the form", () => {
    expect(fieldOfError("bad_api_key", "The API key is unknown, malformed or revoked.", 1)).toBe("api_key");
    expect(fieldOfError("rate_limited", "Slow down.", 1)).toBe("form");
    expect(fieldOfError("internal_error", "Something went wrong on our side.", 1)).toBe("form");
  });

  it("puts the size limit by the text, or by the pages when there are several", () => {
    expect(fieldOfError("too_large", "The note is 600000 bytes of text", 1)).toBe("content-0");
    expect(fieldOfError("too_large", "The note is 600000 bytes of text", 2)).toBe("pages");
  });
});
