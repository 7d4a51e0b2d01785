import type { Element, Root } from "hast";
import rehypeHighlight from "rehype-highlight";
import { renderLimits } from "./render-limits";
import { walkElements } from "./walk-elements";

const highlight = rehypeHighlight({ detect: false });

type File = Parameters<typeof highlight>[1];

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
 * rehype plugin, run after sanitizing: colours code blocks that name their language (```ts) with
 * highlight.js's `hljs-*` classes; the others are not even handed to it (no language guessing). It only adds spans around text the sanitizer already kept, so it
 * cannot add anything unsafe. Blocks over the size limit stay plain: highlighting costs about 2 s
 * per 512 KiB of code and multiplies the stored HTML by up to five.
 */
export function rehypeHighlightCode() {
  return (tree: Root, file: File) => {
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
    // rehype-highlight changes the code elements in place, wherever they sit in the real tree.
    if (blocks.length > 0) highlight({ type: "root", children: blocks }, file);
  };
}
