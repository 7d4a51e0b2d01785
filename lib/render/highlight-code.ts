import type { Element, Root } from "hast";
import { toText } from "hast-util-to-text";
import { common, createLowlight } from "lowlight";
import { renderLimits } from "./render-limits";
import { walkElements } from "./walk-elements";

const lowlight = createLowlight(common);

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

/** Colours one code element in place, as rehype-highlight (without language guessing) does. */
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
  let result: Root;
  try {
    result = lowlight.highlight(language, toText(code, { whitespace: "pre" }));
  } catch (error) {
    // A language highlight.js does not know leaves the block plain; anything else is a real fault.
    if (error instanceof Error && error.message.includes("Unknown language")) return;
    throw error;
  }
  if (result.children.length > 0) code.children = result.children as Element["children"];
}

/**
 * rehype plugin, run after sanitizing: colours code blocks that name their language (```ts) with
 * highlight.js's `hljs-*` classes, through lowlight as rehype-highlight would; the others are not
 * even handed to it (no language guessing). It only adds spans around text the sanitizer already
 * kept, so it cannot add anything unsafe. Blocks over the size limit stay plain: highlighting costs
 * about 2 s per 512 KiB of code and multiplies the stored HTML by up to five. rehype-highlight itself
 * is not used because it walks every span it has just made, a tenth of a short code note's render.
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
