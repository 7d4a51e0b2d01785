import type { Element, Root } from "hast";
import { toString } from "hast-util-to-string";
import { ALLOWED_PROTOCOLS, CLOBBER_PREFIX } from "./sanitize-schema";
import { walkElements } from "./walk-elements";

/** Set on every link that survives: the note's author is not trusted to pass referrers or rank. */
const LINK_REL = ["noopener", "noreferrer", "nofollow", "ugc"] as const;

// The scheme must equal an allowed one exactly (ignoring case): browsers drop tabs and newlines inside
// URLs, so `java\tscript:` must not be compared after any cleaning of our own.
function absoluteUrlAllowed(url: string, schemes: readonly string[]): boolean {
  const colon = url.indexOf(":");
  if (colon < 1) return false;
  const scheme = url.slice(0, colon).toLowerCase();
  if (!schemes.includes(scheme)) return false;
  // `http:evil` and `http:/x` resolve against the page's own origin; demand an authority.
  return scheme === "mailto" || url.slice(colon + 1, colon + 3) === "//";
}

function decodedFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

function hardenLink(element: Element, ids: ReadonlySet<string>): void {
  const href = element.properties.href;
  delete element.properties.target;
  if (typeof href === "string" && href.startsWith("#")) {
    // Ids were prefixed by the sanitizer; point same-page links at the prefixed id when it exists.
    // Markdown percent-encodes link destinations (`#café` becomes `#caf%C3%A9`), ids are plain text.
    const target = href.slice(1);
    if (!target.startsWith(CLOBBER_PREFIX) && ids.has(CLOBBER_PREFIX + decodedFragment(target))) {
      element.properties.href = `#${CLOBBER_PREFIX}${target}`;
    }
  } else if (typeof href !== "string" || !absoluteUrlAllowed(href, ALLOWED_PROTOCOLS.href ?? [])) {
    delete element.properties.href;
  }
  element.properties.rel = [...LINK_REL];
}

function removeChild(parent: Root | Element, child: Element): void {
  const index = parent.children.indexOf(child);
  if (index >= 0) parent.children.splice(index, 1);
}

/** The words of a task-list item, without those of the lists nested in it. */
function itemText(parent: Root | Element): string {
  const own = parent.children.filter(
    (child) => child.type !== "element" || (child.tagName !== "ul" && child.tagName !== "ol"),
  );
  return own
    .map((child) => (child.type === "text" ? child.value : child.type === "element" ? toString(child) : ""))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

// Task lists need `<input type="checkbox" disabled>`; any other input (text, submit, ...) goes,
// and a checkbox written by hand is disabled like the ones GFM makes. Each checkbox is named by
// its item's words, as a form control must be for a screen reader to say what is (not) done.
function hardenInput(element: Element, parent: Root | Element): void {
  if (element.properties.type !== "checkbox") return removeChild(parent, element);
  element.properties.disabled = true;
  const label = itemText(parent);
  if (label) element.properties.ariaLabel = label;
}

function hardenImage(element: Element): void {
  const src = element.properties.src;
  if (typeof src !== "string" || !absoluteUrlAllowed(src, ALLOWED_PROTOCOLS.src ?? [])) {
    delete element.properties.src;
  }
}

/**
 * rehype plugin, run after sanitizing, for the rules a sanitize schema cannot express: only absolute
 * http(s)/mailto links and http(s) images (relative URLs would point at this service), `rel` on every
 * link, and inputs only as disabled task-list checkboxes.
 */
export function rehypeHardenElements() {
  return (tree: Root) => {
    const ids = new Set<string>();
    walkElements(tree, (element) => {
      if (typeof element.properties.id === "string") ids.add(element.properties.id);
    });
    walkElements(tree, (element, parent) => {
      if (element.tagName === "a") hardenLink(element, ids);
      else if (element.tagName === "img") hardenImage(element);
      else if (element.tagName === "input") hardenInput(element, parent);
    });
  };
}
