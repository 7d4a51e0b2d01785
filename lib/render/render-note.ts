import rehypeParse from "rehype-parse";
import rehypeSanitize from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkRehype from "remark-rehype";
import { unified, type PluggableList } from "unified";
import { exceedsContainerDepth } from "./container-depth";
import { rehypeFilterStyles } from "./filter-styles";
import { rehypeHardenElements } from "./harden-elements";
import { rehypeHeadingIds } from "./heading-ids";
import { rehypeHighlightCode } from "./highlight-code";
import { rehypeLimitDepth } from "./limit-depth";
import { remarkParseNote } from "./markdown-parser";
import { rehypeRawHtml } from "./raw-html";
import { renderPlainText } from "./render-plain-text";
import { sanitizeSchema } from "./sanitize-schema";
import { remarkTagFilter } from "./tag-filter";

export type NoteFormat = "markdown" | "html";

/** What every note's HTML tree goes through, whatever it was written in: the allow-list and after. */
const safeHtml: PluggableList = [
  rehypeLimitDepth,
  [rehypeSanitize, sanitizeSchema],
  rehypeFilterStyles,
  rehypeHardenElements,
  rehypeHighlightCode,
  // The sanitizer drops every raw node, so the only ones left are the highlighter's own HTML.
  [rehypeStringify, { allowDangerousHtml: true }],
];

// Every processor is built once: creating one per call costs more than rendering a short note.
function markdownProcessor(options: { containers: boolean }) {
  return (
    unified()
      .use(remarkParseNote, options)
      .use(remarkTagFilter)
      // The sanitizer adds the clobber prefix to ids, so remark-rehype must not add one as well.
      .use(remarkRehype, { allowDangerousHtml: true, clobberPrefix: "" })
      .use(rehypeRawHtml)
      // Headings get GitHub's ids (prefixed by the sanitizer), so a note can link to its own sections.
      .use(rehypeHeadingIds)
      .use(safeHtml)
      .freeze()
  );
}

const markdown = markdownProcessor({ containers: true });
const markdownWithoutContainers = markdownProcessor({ containers: false });

const html = unified().use(rehypeParse, { fragment: true }).use(safeHtml).freeze();

// NUL and unpaired surrogates cannot be stored as UTF-8 text; both become U+FFFD.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function processorFor(text: string, format: NoteFormat) {
  if (format === "html") return html;
  return exceedsContainerDepth(text) ? markdownWithoutContainers : markdown;
}

/** Note text as sanitized HTML, ready to store and show as is. Never throws. */
export function renderNote(content: string, format: NoteFormat): string {
  const text = String(content).replace(UNSTORABLE, "\uFFFD");
  try {
    return String(processorFor(text, format).processSync(text));
  } catch {
    // The HTML parser's tree builder recurses per nesting level, so tens of thousands of nested
    // tags overflow the stack before the depth limit can act; such a note is shown as plain text.
    return renderPlainText(text);
  }
}
