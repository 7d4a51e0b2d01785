import type { useTranslations } from "next-intl";
import { notePolicy } from "../notes/note-policy";

// Where the create form shows an error, and in what words. Keys are the form's field ids
// ("content-0", "format-2", "ttl", ...); "form" is the form as a whole. The API names the field first
// in its message ("pages[2].content: must not be empty"): that decides the place, and the words are
// rewritten for a person, who knows the fields by their labels, not by the API's names, in the
// page's language (the "createErrors" messages of the catalogs).

/** The create form's error messages, in the page's language. */
type CreateErrorTexts = ReturnType<typeof useTranslations<"createErrors">>;

const fieldOfCode: Record<string, string> = {
  empty_content: "content-0",
  bad_pages: "pages",
  bad_content_type: "format-0",
  bad_ttl: "ttl",
  bad_burn_after: "burn_after",
  bad_api_key: "api_key",
  bad_recipients: "recipients",
  bad_notify_email: "notify_email",
  no_verified_email: "notify_email",
  too_many_files: "files",
  file_too_large: "files",
  files_too_large: "files",
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

const burnAfterMessage = (t: CreateErrorTexts, max: number = notePolicy.maxBurnAfter) =>
  t("burnAfter", { min: notePolicy.minBurnAfter, max });

/** The wrong-password limit's error: it needs a password, or a whole number in range. */
function failuresMessage(t: CreateErrorTexts, message: string): string {
  return message.includes("needs a password")
    ? t("failuresNeedPassword")
    : t("burnAfter", { min: notePolicy.minBurnAfterFailures, max: notePolicy.maxBurnAfterFailures });
}

/** What a field is called on the form, as the subject of a sentence. */
function subjectOf(t: CreateErrorTexts, field: string, pageCount: number): string {
  const page = /^(content|format)-(\d+)$/.exec(field);
  if (page) {
    const n = Number(page[2]) + 1;
    if (page[1] === "content") return pageCount > 1 ? t("subjectTextOfPage", { n }) : t("subjectText");
    return pageCount > 1 ? t("subjectFormatOfPage", { n }) : t("subjectFormat");
  }
  if (field === "ttl") return t("subjectTtl");
  if (field === "recipients") return t("subjectRecipients");
  return field === "password" ? t("subjectPassword") : t("subjectOther");
}

/** The empty-page message, shared by the form's own check and the API's answer. */
function emptyPageMessage(t: CreateErrorTexts, index: number, pageCount: number): string {
  return pageCount > 1 ? t("emptyPage", { n: index + 1 }) : t("emptyNote");
}

/**
 * An API error in the words of the form: the field is named by its label, not by its JSON path. The
 * API's own reason after the path stays as it came (English): the form has no words for every one.
 */
export function errorMessage(
  t: CreateErrorTexts,
  field: string,
  code: string,
  message: string,
  pageCount: number,
): string {
  if (code === "empty_content" || code === "empty_page") {
    return emptyPageMessage(t, Number(field.split("-")[1] ?? 0), pageCount);
  }
  if (code === "bad_burn_after")
    return field === "burn_after_failures" ? failuresMessage(t, message) : burnAfterMessage(t);
  if (code === "bad_api_key") return t("badApiKey");
  if (code === "password_required") return t("passwordRequired");
  const detail = /^[\w[\].]+: (.*)$/.exec(message);
  return detail
    ? t("withDetail", { subject: subjectOf(t, field, pageCount), detail: detail[1] ?? "" })
    : message;
}

/** The checks the form makes before sending: empty pages, the read limit and a required password, each by its field. */
export function checkDraft(
  t: CreateErrorTexts,
  contents: string[],
  burnAfter: string,
  /** the read limit's highest value, and the password when the server requires one (else null) */
  policy: { maxBurnAfter: number; password: string | null },
): Record<string, string> {
  const errors: Record<string, string> = {};
  contents.forEach((content, index) => {
    if (content.trim() === "") errors[`content-${index}`] = emptyPageMessage(t, index, contents.length);
  });
  const limit = Number(burnAfter);
  const inRange = limit >= notePolicy.minBurnAfter && limit <= policy.maxBurnAfter;
  if (burnAfter !== "" && !(Number.isInteger(limit) && inRange))
    errors.burn_after = burnAfterMessage(t, policy.maxBurnAfter);
  if (policy.password === "") errors.password = t("passwordRequired");
  return errors;
}
