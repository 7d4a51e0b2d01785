import type { Nodes, Root } from "hast";
import rehypeRaw from "rehype-raw";
import { walkElements } from "./walk-elements";

const reparse = rehypeRaw();

type File = Parameters<typeof reparse>[1];

/** Whether Markdown `text` may hold raw HTML: every HTML block and inline tag starts with `<`. */
export function mayHoldRawHtml(text: string): boolean {
  return text.includes("<");
}

function containsRaw(tree: Root): boolean {
  const stack: Nodes[] = [tree];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type === "raw") return true;
    if ("children" in node) for (const child of node.children) stack.push(child);
  }
  return false;
}

// The re-parse drops one line feed at the start of a `<pre>`'s text, as HTML parsing does right after
// `<pre>`; a fenced code block that starts with a blank line would lose it. A second one is dropped instead.
function protectLeadingLineFeeds(tree: Root): void {
  walkElements(tree, (element) => {
    if (element.tagName !== "pre") return;
    const code = element.children[0];
    const text = code?.type === "element" ? code.children[0] : undefined;
    if (text?.type === "text" && text.value.startsWith("\n")) text.value = `\n${text.value}`;
  });
}

/**
 * rehype plugin: parses the raw HTML written in a Markdown note into elements, as a browser would.
 * Notes without raw HTML, most of them, skip the re-parse and what it costs; those without a `<`
 * skip even the walk that looks for it.
 */
export function rehypeRawHtml() {
  return (tree: Root, file: File) => {
    if (!mayHoldRawHtml(String(file.value)) || !containsRaw(tree)) return tree;
    protectLeadingLineFeeds(tree);
    return reparse(tree, file);
  };
}
