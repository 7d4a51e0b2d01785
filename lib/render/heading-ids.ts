import GithubSlugger from "github-slugger";
import type { Root } from "hast";
import { headingRank } from "hast-util-heading-rank";
import { toString } from "hast-util-to-string";
import type { Transformer } from "unified";
import { walkElements } from "./walk-elements";

const slugs = new GithubSlugger();

// What a Markdown note must contain for its HTML to hold a heading: `#` (ATX), a line ending in `=`
// or `-` (a setext underline, also inside a quote or list item), `<h1` to `<h6` (raw HTML, which only
// the tag itself can open), or `[^` (footnotes, whose section has a heading). A wider net is harmless.
const MAY_HOLD_HEADING = /#|[=-][ \t]*$|<h[1-6]|\[\^/im;

/** Whether the HTML of Markdown `text` may hold a heading element (never false when it does). */
export function mayHoldHeading(text: string): boolean {
  return MAY_HOLD_HEADING.test(text);
}

/**
 * rehype plugin: headings get GitHub's ids (the sanitizer prefixes them), so a note can link to its
 * own sections. It is rehype-slug's code (github-slugger, each id unique in the note, an id written
 * in raw HTML kept) over our own walk: rehype-slug's closure per node cost about 7% of a long note's
 * render. A note whose text cannot make a heading skips the walk.
 */
export function rehypeHeadingIds(): Transformer<Root> {
  return (tree, file) => {
    if (!mayHoldHeading(String(file.value))) return;
    slugs.reset();
    walkElements(tree, (element) => {
      if (headingRank(element) && !element.properties.id) {
        element.properties.id = slugs.slug(toString(element));
      }
    });
  };
}
