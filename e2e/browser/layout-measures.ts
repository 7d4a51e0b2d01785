import type { Locator } from "@playwright/test";

// Where things are drawn, for the specs that check a mirrored (right to left) layout.

/** The direction an element's text runs in, as the browser computed it. */
export const directionOf = (locator: Locator) =>
  locator.evaluate((element) => getComputedStyle(element).direction);

/** Where an element sits across the window: its left and right edges, in pixels. */
export const edges = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not laid out");
  return { left: box.x, right: box.x + box.width };
};

/** Where the first `character` of an element's text is drawn, from the window's left edge. */
export const charLeft = (locator: Locator, character: string) =>
  locator.evaluate((element, wanted) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      return range.getBoundingClientRect().left;
    }
    throw new Error(`no ${wanted} in ${element.textContent}`);
  }, character);
