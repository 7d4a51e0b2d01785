import type { Element, ElementContent, Root } from "hast";
import { renderLimits } from "./render-limits";

// Void elements keep their place when a subtree is flattened; everything else gives up its text.
const KEPT_WHEN_FLATTENED = new Set(["br", "img", "hr", "input"]);

/** The text and void elements under `element`, in document order, without the elements around them. */
function flattened(element: Element): ElementContent[] {
  const result: ElementContent[] = [];
  const stack: ElementContent[] = [...element.children].reverse();
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type === "text") result.push(node);
    else if (node.type === "element") {
      if (KEPT_WHEN_FLATTENED.has(node.tagName)) result.push({ ...node, children: [] });
      else for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index]!);
    }
  }
  return result;
}

/**
 * rehype plugin: elements at the maximum depth lose the structure below them (their text stays),
 * so the recursive sanitizer and serializer after it never see absurd nesting.
 */
export function rehypeLimitDepth() {
  return (tree: Root) => {
    const stack: { node: Root | Element; depth: number }[] = [{ node: tree, depth: 0 }];
    for (let entry = stack.pop(); entry; entry = stack.pop()) {
      const { node, depth } = entry;
      if (node.type === "element" && depth >= renderLimits.maxElementDepth) {
        node.children = flattened(node);
        continue;
      }
      for (const child of node.children) {
        if (child.type === "element") stack.push({ node: child, depth: depth + 1 });
      }
    }
  };
}
