import type { Html, Nodes, Root } from "mdast";
import type { Transformer } from "unified";
import { mayHoldRawHtml } from "./raw-html";
import { DROPPED_WITH_CONTENT } from "./sanitize-schema";

/**
 * Tags whose element swallows what follows it: GFM's tag filter list ("Disallowed Raw HTML": raw text,
 * RCDATA and `<plaintext>`), and the elements the allow-list removes together with their content.
 */
export const FILTERED_TAGS: readonly string[] = [
  ...new Set([
    ...["title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext"],
    ...DROPPED_WITH_CONTENT,
  ]),
];

// `<plaintext>` has no end tag in HTML: nothing the writer adds ever closes it.
const NEVER_CLOSED = new Set(["plaintext"]);

const FILTERED_TAG = new RegExp(`<(/?)(${FILTERED_TAGS.join("|")})(?=[\\t\\n\\f\\r />])`, "gi");

type Tag = { node: Html; index: number; closing: boolean; name: string };

function tagsIn(nodes: readonly Html[]): Tag[] {
  const tags: Tag[] = [];
  for (const node of nodes) {
    for (const match of node.value.matchAll(FILTERED_TAG)) {
      tags.push({ node, index: match.index, closing: match[1] === "/", name: match[2]!.toLowerCase() });
    }
  }
  return tags;
}

/**
 * The tags to show as text. An element written whole (its end tag follows among the same raw HTML
 * siblings) is markup the writer meant: the sanitizer removes it with its content, as before. Any
 * other filtered tag is a mention ("use `<style>` for CSS") and is escaped as GFM's tag filter does,
 * so the HTML parser does not swallow the words after it.
 */
function mentions(tags: readonly Tag[]): Tag[] {
  // For each tag, where the next end tag of the same name is: one pass from the back, not a search each.
  const nextEnd = new Array<number>(tags.length);
  const seen = new Map<string, number>();
  for (let at = tags.length - 1; at >= 0; at--) {
    const tag = tags[at]!;
    nextEnd[at] = seen.get(tag.name) ?? -1;
    if (tag.closing) seen.set(tag.name, at);
  }
  const escaped: Tag[] = [];
  for (let at = 0; at < tags.length; at++) {
    const tag = tags[at]!;
    const end = tag.closing || NEVER_CLOSED.has(tag.name) ? -1 : nextEnd[at]!;
    if (end < 0) escaped.push(tag);
    else at = end;
  }
  return escaped;
}

function escape(tags: readonly Tag[]): void {
  // From the last tag backwards, so earlier indexes stay valid as values grow.
  for (const { node, index } of [...tags].reverse()) {
    node.value = `${node.value.slice(0, index)}&lt;${node.value.slice(index + 1)}`;
  }
}

// An HTML block that opens a comment and never closes it runs to the end of the note (CommonMark),
// and the comment would hide all of it: such an opening is shown as text instead.
// (`<!-->` and `<!--->` are complete, empty comments in HTML.)
const UNCLOSED_COMMENT = /^(\s*)<(!--(?!-?>)(?![\s\S]*-->))/;

function showUnclosedComment(node: Html): void {
  node.value = node.value.replace(UNCLOSED_COMMENT, "$1&lt;$2");
}

function rawHtmlChildren(parent: Nodes): Html[] {
  if (!("children" in parent)) return [];
  const children: readonly Nodes[] = parent.children;
  return children.filter((child): child is Html => child.type === "html");
}

/**
 * remark plugin: applies the tag filter to raw HTML before it reaches the HTML parser. Siblings are
 * taken together because an inline element's start and end tags are separate raw HTML nodes.
 * Iterative: Markdown can nest deeper than the call stack allows.
 */
export function remarkTagFilter(): Transformer<Root> {
  return (tree, file) => {
    if (!mayHoldRawHtml(String(file.value))) return;
    const stack: Nodes[] = [tree];
    for (let parent = stack.pop(); parent; parent = stack.pop()) {
      const raw = rawHtmlChildren(parent);
      if (raw.length > 0) escape(mentions(tagsIn(raw)));
      for (const node of raw) showUnclosedComment(node);
      if ("children" in parent) for (const child of parent.children) stack.push(child);
    }
  };
}
