import type { Root } from "hast";
import rehypeSlug from "rehype-slug";
import type { Transformer } from "unified";

const slug = rehypeSlug();

// What a Markdown note must contain for its HTML to hold a heading: `#` (ATX), a line ending in `=`
// or `-` (a setext underline, also inside a quote or list item), `<h1` to `<h6` (raw HTML, which only
// the tag itself can open), or `[^` (footnotes, whose section has a heading). A wider net is harmless.
const MAY_HOLD_HEADING = /#|[=-][ \t]*$|<h[1-6]|\[\^/im;

/** Whether the HTML of Markdown `text` may hold a heading element (never false when it does). */
export function mayHoldHeading(text: string): boolean {
  return MAY_HOLD_HEADING.test(text);
}

/**
 * rehype plugin: headings get GitHub's ids (rehype-slug; the sanitizer prefixes them), so a note can
 * link to its own sections. rehype-slug walks the whole tree, a tenth of a small table's render; a
 * note whose text cannot make a heading skips the walk.
 */
export function rehypeHeadingIds(): Transformer<Root> {
  return (tree, file) => {
    if (mayHoldHeading(String(file.value))) slug(tree);
  };
}
