import type { Element, Root } from "hast";

/**
 * Calls `visit` for every element with its parent, parents before children. Iterative on purpose:
 * user HTML can nest deeper than the call stack allows. `visit` may remove the element it is given.
 */
export function walkElements(tree: Root, visit: (element: Element, parent: Root | Element) => void): void {
  const stack: { node: Element; parent: Root | Element }[] = [];
  const pushChildren = (parent: Root | Element) => {
    for (let index = parent.children.length - 1; index >= 0; index--) {
      const child = parent.children[index];
      if (child?.type === "element") stack.push({ node: child, parent });
    }
  };
  pushChildren(tree);
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    visit(entry.node, entry.parent);
    pushChildren(entry.node);
  }
}
