import { inertDocument } from "./remote-images";

/**
 * The raw frame's own policy, on top of the page's, which a srcdoc document inherits: nothing runs,
 * nothing is fetched but images, and those only once the reader allowed them. Styles are the note's
 * inline ones only (no stylesheet links, no @import, no fonts); the inherited page policy adds that a
 * <style> element needs the frame's style nonce.
 */
function framePolicy(imagesAllowed: boolean): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `img-src ${imagesAllowed ? "http: https:" : "'none'"}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}

/** Whatever can make the frame fetch an image: elements that load one, and CSS `url()`s. */
const IMAGE_SOURCES =
  "img, image, picture, input[type=image i], video[poster], [background], [style*='url(' i]";

function loadsImages(document: Document): boolean {
  if (document.querySelector(IMAGE_SOURCES)) return true;
  return [...document.querySelectorAll("style")].some((style) => /url\(/i.test(style.textContent));
}

/**
 * The srcdoc of a trusted note's frame: the author's HTML as the browser parses it, with the frame's
 * policy first in <head> and the styles-only nonce on the <style> elements that parse found. Text
 * that merely looks like `<style` (in an attribute, a comment, a <textarea>, a <template>) is not an
 * element, so it gets nothing.
 */
export function frameDocument(rawHtml: string, styleNonce: string, imagesAllowed: boolean) {
  const document = inertDocument(rawHtml);
  const policy = document.createElement("meta");
  policy.httpEquiv = "Content-Security-Policy";
  policy.content = framePolicy(imagesAllowed);
  document.head.prepend(policy);
  for (const style of document.querySelectorAll("style")) style.setAttribute("nonce", styleNonce);
  return {
    srcdoc: `<!doctype html>${document.documentElement.outerHTML}`,
    loadsImages: loadsImages(document),
  };
}
