import type { Element, Root } from "hast";
import { toText } from "hast-util-to-text";
import hljs from "highlight.js/lib/common";
import arduino from "highlight.js/lib/languages/arduino";
import { renderLimits } from "./render-limits";
import { walkElements } from "./walk-elements";

// The languages rehype-highlight knew (lowlight's `common`): highlight.js's common set and Arduino.
hljs.registerLanguage("arduino", arduino);

const namesLanguage = (pre: Element): boolean => {
  const code = pre.children[0];
  const classes = code?.type === "element" ? code.properties.className : undefined;
  return Array.isArray(classes) && classes.some((name) => String(name).startsWith("language-"));
};

const textLength = (node: Element): number =>
  node.children.reduce((sum, child) => {
    if (child.type === "text") return sum + child.value.length;
    return child.type === "element" ? sum + textLength(child) : sum;
  }, 0);

/**
 * Colours one code element in place, as rehype-highlight (without language guessing) does, with
 * highlight.js's own HTML: its text escaped, its spans' classes from the grammar, never from the note.
 * Built as elements (lowlight) and serialized by rehype, the same spans cost a fifth of a short code
 * note's render more.
 */
function highlight(code: Element): void {
  const classes = code.properties.className;
  if (!Array.isArray(classes)) return;
  // The sanitizer leaves code elements no class but `language-*` ones (sanitize-schema.ts).
  const language = classes
    .map(String)
    .find((name) => name.startsWith("language-"))
    ?.slice("language-".length);
  if (!language) return;
  if (!classes.includes("hljs")) classes.unshift("hljs");
  // A language highlight.js does not know leaves the block plain.
  if (!hljs.getLanguage(language)) return;
  const { value } = hljs.highlight(toText(code, { whitespace: "pre" }), { language, ignoreIllegals: true });
  if (value) code.children = [{ type: "raw", value }];
}

/**
 * rehype plugin, run after sanitizing: colours code blocks that name their language (```ts) with
 * highlight.js's `hljs-*` classes, as rehype-highlight would; the others are not even handed to it
 * (no language guessing). It only adds spans around text the sanitizer already kept, so it cannot add
 * anything unsafe; its HTML goes into the tree as the only raw nodes the serializer will see. Blocks
 * over the size limit stay plain: highlighting costs about 2 s per 512 KiB of code and multiplies the
 * stored HTML by up to five. rehype-highlight itself is not used because it walks every span it has
 * just made, a tenth of a short code note's render.
 */
export function rehypeHighlightCode() {
  return (tree: Root) => {
    const blocks: Element[] = [];
    walkElements(tree, (element) => {
      if (
        element.tagName === "pre" &&
        namesLanguage(element) &&
        textLength(element) <= renderLimits.maxHighlightedCodeLength
      ) {
        blocks.push(element);
      }
    });
    // Every code element right inside one of those blocks, wherever the blocks sit in the real tree.
    walkElements({ type: "root", children: blocks }, (element, parent) => {
      if (element.tagName === "code" && parent.type === "element" && parent.tagName === "pre") {
        highlight(element);
      }
    });
  };
}
