// Where the create form shows an API error: next to the field it concerns. Keys are the form's
// field ids ("content-0", "format-2", "ttl", ...); "form" is the form as a whole.

const fieldOfCode: Record<string, string> = {
  empty_content: "content-0",
  bad_pages: "pages",
  bad_content_type: "format-0",
  bad_ttl: "ttl",
  bad_burn_after: "burn_after",
  bad_api_key: "api_key",
};

const PAGE_FIELD = /^pages\[(\d+)\]\.(content|format)/;
const TOP_FIELD = /^(content|format|ttl|burn_after|password|permanent)\b/;

/** The API names the field first in its message ("pages[2].content: must not be empty"). */
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
