/**
 * The raw frame's own policy, on top of the page's, which a srcdoc document inherits: nothing runs
 * and nothing is fetched. Styles are the note's inline ones only (no stylesheet links, no @import,
 * no fonts); the inherited page policy adds that a <style> element needs the frame's style nonce.
 */
const FRAME_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

/**
 * The srcdoc of a trusted note's frame: the author's HTML as the browser parses it, with the frame's
 * policy first in <head> and the styles-only nonce on the <style> elements that parse found. Text
 * that merely looks like `<style` (in an attribute, a comment, a <textarea>, a <template>) is not an
 * element, so it gets nothing. DOMParser's document has no window: nothing in it loads or runs.
 */
export function frameDocument(rawHtml: string, styleNonce: string): string {
  const document = new DOMParser().parseFromString(rawHtml, "text/html");
  const policy = document.createElement("meta");
  policy.httpEquiv = "Content-Security-Policy";
  policy.content = FRAME_POLICY;
  document.head.prepend(policy);
  for (const style of document.querySelectorAll("style")) style.setAttribute("nonce", styleNonce);
  return `<!doctype html>${document.documentElement.outerHTML}`;
}
