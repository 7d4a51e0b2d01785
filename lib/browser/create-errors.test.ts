import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { catalogs } from "../i18n/catalogs";
import { checkDraft, errorMessage, fieldOfError } from "./create-errors";

const t = createTranslator({ locale: "en", messages: catalogs.en, namespace: "createErrors" });
const de = createTranslator({ locale: "de", messages: catalogs.de, namespace: "createErrors" });
/** The policies of a server that sets none. */
const noPolicies = { maxBurnAfter: 1000, password: null };

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
    expect(fieldOfError("bad_burn_after", "burn_after_failures: must be at most 100", 1)).toBe(
      "burn_after_failures",
    );
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

describe("errorMessage", () => {
  it("names the field by its label, never by its JSON path", () => {
    expect(errorMessage(t, "content-0", "empty_content", "content: must not be empty", 1)).toBe(
      "Write something first: the note is empty.",
    );
    expect(errorMessage(t, "content-2", "empty_page", "pages[2].content: must not be empty", 3)).toBe(
      "Page 3 is empty: write something on it or remove it.",
    );
    expect(errorMessage(t, "burn_after", "bad_burn_after", "burn_after: must be at most 1000", 1)).toBe(
      "Enter a whole number from 1 to 1000, or leave it empty for no limit.",
    );
    expect(
      errorMessage(t, "burn_after_failures", "bad_burn_after", "burn_after_failures: must be at most 100", 1),
    ).toBe("Enter a whole number from 1 to 100, or leave it empty for no limit.");
    expect(
      errorMessage(
        t,
        "burn_after_failures",
        "bad_burn_after",
        "burn_after_failures: needs a password: only a note with a password can burn after wrong passwords",
        1,
      ),
    ).toBe("Set a password too: only a note with a password can be destroyed after wrong passwords.");
    expect(
      errorMessage(
        t,
        "content-1",
        "bad_json",
        "pages[1].content: contains U+0000 (NUL), which cannot be stored",
        2,
      ),
    ).toBe("The text of page 2 contains U+0000 (NUL), which cannot be stored.");
    expect(errorMessage(t, "password", "bad_json", "password: must be a string", 1)).toBe(
      "The password must be a string.",
    );
  });

  it("speaks the page's language, keeping the API's reason as it came", () => {
    expect(errorMessage(de, "content-2", "empty_page", "pages[2].content: must not be empty", 3)).toBe(
      "Seite 3 ist leer: Schreiben Sie etwas darauf oder entfernen Sie sie.",
    );
    expect(errorMessage(de, "password", "bad_json", "password: must be a string", 1)).toBe(
      "Das Passwort ist ungültig (der Server sagt: must be a string).",
    );
    expect(checkDraft(de, ["a"], "0", noPolicies)).toEqual({
      burn_after:
        "Geben Sie eine ganze Zahl von 1 bis 1000 ein oder lassen Sie das Feld für kein Limit leer.",
    });
  });

  it("keeps messages that are already sentences", () => {
    const tooLarge = "The note is 524289 bytes of text; the limit is 524288 (512 KiB).";
    expect(errorMessage(t, "content-0", "too_large", tooLarge, 1)).toBe(tooLarge);
  });
});

describe("checkDraft", () => {
  it("holds the read limit to the server's cap, and a required password to being given", () => {
    const capped = { maxBurnAfter: 5, password: "" };
    expect(checkDraft(t, ["a"], "6", capped)).toEqual({
      burn_after: "Enter a whole number from 1 to 5, or leave it empty for no limit.",
      password: "Set a password: this server accepts only notes with a password.",
    });
    expect(checkDraft(t, ["a"], "5", { maxBurnAfter: 5, password: "p" })).toEqual({});
    expect(errorMessage(t, "password", "password_required", "password: is required: …", 1)).toBe(
      "Set a password: this server accepts only notes with a password.",
    );
  });

  it("finds every empty page and a read limit out of range, each by its field", () => {
    expect(checkDraft(t, ["a", " \n", ""], "0", noPolicies)).toEqual({
      "content-1": "Page 2 is empty: write something on it or remove it.",
      "content-2": "Page 3 is empty: write something on it or remove it.",
      burn_after: "Enter a whole number from 1 to 1000, or leave it empty for no limit.",
    });
    expect(checkDraft(t, ["a"], "1.5", noPolicies)).toHaveProperty("burn_after");
    expect(checkDraft(t, ["a"], "1001", noPolicies)).toHaveProperty("burn_after");
    expect(checkDraft(t, ["a"], "", noPolicies)).toEqual({});
    expect(checkDraft(t, ["a"], "1000", noPolicies)).toEqual({});
  });
});
