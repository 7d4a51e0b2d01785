import { describe, expect, it } from "vitest";
import { renderNote } from "./render-note";
import { FILTERED_TAGS } from "./tag-filter";

const md = (content: string) => renderNote(content, "markdown");

/** What a reader sees: the text of the rendered HTML, tags removed and `<` decoded. */
const visibleText = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&#x3C;|&lt;/g, "<")
    .replace(/&#x26;|&amp;/g, "&");

describe("GFM tag filter: prose that mentions a tag keeps every word", () => {
  it("covers GFM's disallowed tags and every tag the allow-list drops with its content", () => {
    for (const tag of ["title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script"]) {
      expect(FILTERED_TAGS).toContain(tag);
    }
    expect(FILTERED_TAGS).toContain("plaintext");
    expect(FILTERED_TAGS).toEqual(expect.arrayContaining(["svg", "math", "template", "noscript", "select"]));
  });

  it.each(FILTERED_TAGS)("<%s> inline: escaped, the rest of the paragraph keeps its formatting", (tag) => {
    expect(md(`Use <${tag}> for this, **not** inline.`)).toBe(
      `<p>Use &#x3C;${tag}> for this, <strong>not</strong> inline.</p>`,
    );
    expect(md(`Close with </${tag}> and *go on*.`)).toBe(
      `<p>Close with &#x3C;/${tag}> and <em>go on</em>.</p>`,
    );
  });

  it.each(FILTERED_TAGS)("<%s> as a block: the words after it survive", (tag) => {
    const output = md(`<${tag}>\n\nThe words after **it** stay.\n\n- and the list`);
    expect(output).toContain(`&#x3C;${tag}>`);
    expect(visibleText(output)).toContain("The words after");
    expect(visibleText(output)).toContain("and the list");
  });

  it("matches tag names in any case and with attributes, as GFM does", () => {
    expect(md('a <STYLE type="text/css"> b')).toBe('<p>a &#x3C;STYLE type="text/css"> b</p>');
    expect(md("a <Script/> b")).toBe("<p>a &#x3C;Script/> b</p>");
  });

  it("leaves tags that only start with a filtered name alone", () => {
    expect(md("a <titles>b</titles> c")).toBe("<p>a b c</p>");
  });

  it("removes an element written whole with its content, as before", () => {
    expect(md("a <style>p { color: red }</style> b")).toBe("<p>a  b</p>");
    expect(md("<script>\nalert(1)\n</script>\n\nafter")).toBe("\n<p>after</p>");
  });

  it("shows <plaintext> as text even when closed: HTML never ends that element", () => {
    expect(md("a <plaintext>b</plaintext> *c*")).toBe(
      "<p>a &#x3C;plaintext>b&#x3C;/plaintext> <em>c</em></p>",
    );
  });

  it("does not touch code, where tags are text already", () => {
    expect(md("`<style>` and\n\n```html\n<style>\n```")).toContain("<code>&#x3C;style></code>");
  });

  it("leaves HTML notes to HTML's own parsing rules", () => {
    expect(renderNote("<p>Use <style> for CSS</style> here</p>", "html")).toBe("<p>Use  here</p>");
  });
});

describe("what the allow-list removes keeps the text around it", () => {
  it.each([
    ["an unknown element", "a <foo-bar>b</foo-bar> c", "<p>a b c</p>"],
    ["an unclosed unknown element", "a <foo> b *c*", "<p>a  b <em>c</em></p>"],
    ["a forbidden attribute", 'a <span onclick="x()">b</span> c', "<p>a <span>b</span> c</p>"],
    ["a comment", "a <!-- hidden --> c", "<p>a  c</p>"],
    ["a comment block", "<!-- hidden -->\n\n*c*", "\n<p><em>c</em></p>"],
    ["a comment block never closed", "<!-- todo\n\n*c*", "&#x3C;!-- todo\n\n*c*"],
    ["a processing instruction", "a <?php echo 1; ?> c", "<p>a  c</p>"],
    ["a form element", "a <button>b</button> c", "<p>a b c</p>"],
  ])("%s", (_, content, expected) => {
    expect(md(content)).toBe(expected);
  });
});
