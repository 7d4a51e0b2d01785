import { notePolicy } from "../notes/note-policy";

// Where the create form shows an error, and in what words. Keys are the form's field ids
// ("content-0", "format-2", "ttl", ...); "form" is the form as a whole. The API names the field first
// in its message ("pages[2].content: must not be empty"): that decides the place, and the words are
// rewritten for a person, who knows the fields by their labels, not by the API's names.

const fieldOfCode: Record<string, string> = {
  empty_content: "content-0",
  bad_pages: "pages",
  bad_content_type: "format-0",
  bad_ttl: "ttl",
  bad_burn_after: "burn_after",
  bad_api_key: "api_key",
  bad_recipients: "recipients",
};

const PAGE_FIELD = /^pages\[(\d+)\]\.(content|format)/;
const TOP_FIELD = /^(content|format|ttl|burn_after_failures|burn_after|password|permanent)\b/;

/** The field id an API error belongs to. */
export function fieldOfError(code: string, message: string, pageCount: number): string {
  // The size limit is on all pages together.
  if (code === "too_large") return pageCount > 1 ? "pages" : "content-0";
  const page = PAGE_FIELD.exec(message);
  if (page) return `${page[2]}-${page[1]}`;
  const top = TOP_FIELD.exec(message);
  if (top) {
    const field = top[1] ?? "";
    if (field === "content" || field === "format") return `${field}-0`;
    return field === "permanent" ? "ttl" : field;
  }
  return fieldOfCode[code] ?? "form";
}

const burnAfterMessage = `Enter a whole number from ${notePolicy.minBurnAfter} to ${notePolicy.maxBurnAfter}, or leave it empty for no limit.`;

/** The wrong-password limit's error: it needs a password, or a whole number in range. */
function failuresMessage(message: string): string {
  return message.includes("needs a password")
    ? "Set a password too: only a note with a password can be destroyed after wrong passwords."
    : `Enter a whole number from ${notePolicy.minBurnAfterFailures} to ${notePolicy.maxBurnAfterFailures}, or leave it empty for no limit.`;
}

/** What a field is called on the form, as the subject of a sentence. */
function subjectOf(field: string, pageCount: number): string {
  const page = /^(content|format)-(\d+)$/.exec(field);
  if (page) {
    const what = page[1] === "content" ? "text" : "format";
    return pageCount > 1 ? `The ${what} of page ${Number(page[2]) + 1}` : `The ${what}`;
  }
  const names: Record<string, string> = {
    ttl: "The expiry",
    password: "The password",
    recipients: "The list of recipients",
  };
  return names[field] ?? "This";
}

/** An encrypted note over the size limit: its envelope is about a third bigger than its text. */
export const encryptedTooLargeMessage =
  "Encrypted, the note is over the limit of 512 KiB: encryption makes it about a third bigger. " +
  "Shorten it, or turn encryption off.";

/** The empty-page message, shared by the form's own check and the API's answer. */
export function emptyPageMessage(index: number, pageCount: number): string {
  return pageCount > 1
    ? `Page ${index + 1} is empty: write something on it or remove it.`
    : "Write something first: the note is empty.";
}

/** An API error in the words of the form: the field is named by its label, not by its JSON path. */
export function errorMessage(field: string, code: string, message: string, pageCount: number): string {
  if (code === "empty_content" || code === "empty_page") {
    return emptyPageMessage(Number(field.split("-")[1] ?? 0), pageCount);
  }
  if (code === "bad_burn_after")
    return field === "burn_after_failures" ? failuresMessage(message) : burnAfterMessage;
  if (code === "bad_api_key")
    return "This API key is not valid (unknown, mistyped or revoked). Check it, or leave the field empty.";
  const detail = /^[\w[\].]+: (.*)$/.exec(message);
  return detail ? `${subjectOf(field, pageCount)} ${detail[1]}.` : message;
}

/** The checks the form makes before sending: empty pages and the read limit, each by its field. */
export function checkDraft(contents: string[], burnAfter: string): Record<string, string> {
  const errors: Record<string, string> = {};
  contents.forEach((content, index) => {
    if (content.trim() === "") errors[`content-${index}`] = emptyPageMessage(index, contents.length);
  });
  const limit = Number(burnAfter);
  const inRange = limit >= notePolicy.minBurnAfter && limit <= notePolicy.maxBurnAfter;
  if (burnAfter !== "" && !(Number.isInteger(limit) && inRange)) errors.burn_after = burnAfterMessage;
  return errors;
}
