import type { Options as SanitizeSchema } from "rehype-sanitize";

// The allow-list for rendered notes. Anything not named here is removed by rehype-sanitize;
// the stricter URL rules and the per-property style rules run after it (harden-elements, filter-styles).

type AttributeRule = string | [string, ...(string | number | boolean | RegExp)[]];

const HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"] as const;

/** Inline text-level tags; they and the table tags may carry a (filtered) `style`. */
const TEXT_TAGS = [
  "a",
  "abbr",
  "b",
  "bdi",
  "bdo",
  "cite",
  "code",
  "del",
  "dfn",
  "em",
  "i",
  "ins",
  "kbd",
  "mark",
  "q",
  "s",
  "samp",
  "small",
  "span",
  "strike",
  "strong",
  "sub",
  "sup",
  "time",
  "u",
  "var",
] as const;

const TABLE_TAGS = ["table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td"] as const;

const BLOCK_TAGS = [
  ...HEADINGS,
  "p",
  "blockquote",
  "pre",
  "hr",
  "br",
  "ul",
  "ol",
  "li",
  "dl",
  "dt",
  "dd",
  // GFM footnotes are wrapped in a section
  "section",
] as const;

/** Every element that may appear in a rendered note. `input` survives only as a task-list checkbox. */
export const ALLOWED_TAGS: readonly string[] = [...BLOCK_TAGS, ...TEXT_TAGS, ...TABLE_TAGS, "img", "input"];

const STYLED_TAGS: readonly string[] = [...HEADINGS, "p", "blockquote", "li", ...TEXT_TAGS, ...TABLE_TAGS];

const TABLE_CELL: AttributeRule[] = [["align", "left", "center", "right", "justify"], "colSpan", "rowSpan"];

const TAG_ATTRIBUTES: Readonly<Record<string, readonly AttributeRule[]>> = {
  "*": ["title", "lang", ["dir", "ltr", "rtl", "auto"], "id"],
  a: [
    "href",
    // GFM footnote references and back-references
    "dataFootnoteRef",
    "dataFootnoteBackref",
    "ariaDescribedBy",
    "ariaLabel",
    ["className", "data-footnote-backref"],
  ],
  // The footnotes' label: read out by screen readers, hidden on screen (as GitHub does).
  h2: [["className", "sr-only"]],
  img: ["src", "alt", "width", "height"],
  code: [["className", /^language-[\w#+.-]+$/]],
  ul: [["className", "contains-task-list"]],
  ol: [["className", "contains-task-list"], "start", "reversed"],
  li: [["className", "task-list-item"]],
  // Only the form GFM task lists produce; harden-elements removes inputs that are not checkboxes,
  // and names each by its item's words (aria-label).
  input: [["type", "checkbox"], ["disabled", true], ["checked", true], "ariaLabel"],
  section: ["dataFootnotes", ["className", "footnotes"]],
  td: TABLE_CELL,
  th: [...TABLE_CELL, ["scope", "row", "col", "rowgroup", "colgroup"]],
  time: ["dateTime"],
};

/** Attributes per tag (hast property names); `*` applies to every allowed tag. */
export const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly AttributeRule[]>> = {
  ...TAG_ATTRIBUTES,
  ...Object.fromEntries(STYLED_TAGS.map((tag) => [tag, [...(TAG_ATTRIBUTES[tag] ?? []), "style"]])),
};

/**
 * URL schemes per attribute. rehype-sanitize still lets scheme-less (relative) URLs through;
 * harden-elements then keeps only absolute URLs with these schemes, or a same-page `#fragment` for `href`.
 */
export const ALLOWED_PROTOCOLS: Readonly<Record<string, readonly string[]>> = {
  href: ["http", "https", "mailto"],
  src: ["http", "https"],
};

/** Removed together with their content: unwrapping these would leave code or markup as text. */
export const DROPPED_WITH_CONTENT: readonly string[] = [
  "script",
  "style",
  "template",
  "svg",
  "math",
  "iframe",
  "object",
  "embed",
  "noscript",
  "noembed",
  "noframes",
  "textarea",
  "select",
  "title",
  "xmp",
];

export const CLOBBER_PREFIX = "user-content-";

export const sanitizeSchema: SanitizeSchema = {
  tagNames: [...ALLOWED_TAGS],
  attributes: Object.fromEntries(Object.entries(ALLOWED_ATTRIBUTES).map(([tag, rules]) => [tag, [...rules]])),
  protocols: Object.fromEntries(
    Object.entries(ALLOWED_PROTOCOLS).map(([attribute, schemes]) => [attribute, [...schemes]]),
  ),
  ancestors: {
    // Table parts outside a table would let content escape its context when re-parsed.
    ...Object.fromEntries(TABLE_TAGS.filter((tag) => tag !== "table").map((tag) => [tag, ["table"]])),
    input: ["li"],
  },
  // Unset keys fall back to GitHub's defaults, whose `required` would turn any input into a checkbox.
  required: {},
  // Prefixed ids cannot clobber globals such as `window.name` in the viewer page.
  clobber: ["id", "name", "ariaDescribedBy", "ariaLabelledBy"],
  clobberPrefix: CLOBBER_PREFIX,
  strip: [...DROPPED_WITH_CONTENT],
  allowComments: false,
  allowDoctypes: false,
};
