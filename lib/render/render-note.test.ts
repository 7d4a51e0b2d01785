import { describe, expect, it } from "vitest";
import { exceedsContainerDepth } from "./container-depth";
import { filterStyle } from "./filter-styles";
import { renderNote } from "./render-note";

const REL = 'rel="noopener noreferrer nofollow ugc"';
const md = (content: string) => renderNote(content, "markdown");
const html = (content: string) => renderNote(content, "html");

describe("renderNote: Markdown", () => {
  it("renders headings and emphasis", () => {
    expect(md("# Title\n\n*em*, **strong** and `code`")).toBe(
      '<h1 id="user-content-title">Title</h1>\n<p><em>em</em>, <strong>strong</strong> and <code>code</code></p>',
    );
  });

  it("renders GFM tables with alignment", () => {
    expect(md("| a | b |\n|:--|--:|\n| 1 | 2 |")).toBe(
      [
        "<table>",
        "<thead>",
        "<tr>",
        '<th align="left">a</th>',
        '<th align="right">b</th>',
        "</tr>",
        "</thead>",
        "<tbody>",
        "<tr>",
        '<td align="left">1</td>',
        '<td align="right">2</td>',
        "</tr>",
        "</tbody>",
        "</table>",
      ].join("\n"),
    );
  });

  it("renders strikethrough", () => {
    expect(md("~~gone~~")).toBe("<p><del>gone</del></p>");
  });

  it("renders task lists as disabled checkboxes, each named by its item's own words", () => {
    expect(md("- [x] done\n- [ ] to **do**\n  - [ ] inner")).toBe(
      [
        '<ul class="contains-task-list">',
        '<li class="task-list-item"><input type="checkbox" checked disabled aria-label="done"> done</li>',
        '<li class="task-list-item"><input type="checkbox" disabled aria-label="to do"> to <strong>do</strong>',
        '<ul class="contains-task-list">',
        '<li class="task-list-item"><input type="checkbox" disabled aria-label="inner"> inner</li>',
        "</ul>",
        "</li>",
        "</ul>",
      ].join("\n"),
    );
  });

  it("turns bare URLs into links", () => {
    expect(md("see https://example.com/x and www.example.org")).toBe(
      `<p>see <a href="https://example.com/x" ${REL}>https://example.com/x</a> and ` +
        `<a href="http://www.example.org" ${REL}>www.example.org</a></p>`,
    );
  });

  it("keeps the language class of fenced code and highlights it", () => {
    expect(md("```ts\nconst a = 1;\n```")).toBe(
      '<pre><code class="hljs language-ts"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span>;\n</code></pre>',
    );
  });

  it("keeps allowed raw HTML and sanitizes the rest", () => {
    expect(md("press <kbd>Ctrl</kbd>")).toBe("<p>press <kbd>Ctrl</kbd></p>");
    expect(md('a <span onclick="x()" style="color:red;position:fixed">b</span><script>x()</script>')).toBe(
      '<p>a <span style="color:red">b</span></p>',
    );
    expect(md('<div class="x">\n\n*in*\n\n</div>')).toBe("\n<p><em>in</em></p>\n");
  });

  it("links footnotes to their prefixed ids", () => {
    const output = md("Text[^1]\n\n[^1]: Note.");
    expect(output).toContain(
      `<a href="#user-content-fn-1" id="user-content-fnref-1" data-footnote-ref ` +
        `aria-describedby="user-content-footnote-label" ${REL}>1</a>`,
    );
    expect(output).toContain('<section data-footnotes class="footnotes">');
    expect(output).toContain('<li id="user-content-fn-1">');
    // Hidden on screen by the site's `.sr-only`, as on GitHub; the footnotes are still announced.
    expect(output).toContain('<h2 class="sr-only" id="user-content-footnote-label">Footnotes</h2>');
    expect(output).toContain(
      `<a href="#user-content-fnref-1" data-footnote-backref="" aria-label="Back to reference 1" class="data-footnote-backref"`,
    );
  });

  it("renders lists and quotes flat when they nest absurdly deep", () => {
    expect(md("> ".repeat(20) + "x")).toBe(
      "<blockquote>\n".repeat(20) + "<p>x</p>\n" + "</blockquote>\n".repeat(19) + "</blockquote>",
    );
    expect(md("- ".repeat(1000) + "x")).toBe(`<p>${"- ".repeat(1000)}x</p>`);
  });
});

describe("renderNote: links and images", () => {
  it("gives every link the rel and drops target", () => {
    expect(html('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe(
      `<a href="https://example.com" ${REL}>x</a>`,
    );
    expect(md('[x](https://example.com "t")')).toBe(
      `<p><a href="https://example.com" title="t" ${REL}>x</a></p>`,
    );
    expect(md("[mail](mailto:a@example.com)")).toBe(`<p><a href="mailto:a@example.com" ${REL}>mail</a></p>`);
  });

  it("keeps only absolute http(s) and mailto links, and same-page fragments", () => {
    expect(md("[a](/relative) [b](ftp://example.com) [c](http:evil)")).toBe(
      `<p><a ${REL}>a</a> <a ${REL}>b</a> <a ${REL}>c</a></p>`,
    );
    expect(html('<a href="#top">x</a><h2 id="top">t</h2><a href="#elsewhere">y</a>')).toBe(
      `<a href="#user-content-top" ${REL}>x</a><h2 id="user-content-top">t</h2><a href="#elsewhere" ${REL}>y</a>`,
    );
  });

  it("keeps http(s) image sources and drops others", () => {
    expect(md('![alt](https://example.com/a.png "t")')).toBe(
      '<p><img src="https://example.com/a.png" alt="alt" title="t"></p>',
    );
    expect(html('<img src="http://example.com/a.png" alt="a" width="10" height="20" onerror="x">')).toBe(
      '<img src="http://example.com/a.png" alt="a" width="10" height="20">',
    );
    expect(html('<img src="data:image/png;base64,AAAA" alt="a">')).toBe('<img alt="a">');
    expect(md("![a](/local.png) ![b](//example.com/b.png)")).toBe('<p><img alt="a"> <img alt="b"></p>');
  });
});

describe("renderNote: HTML", () => {
  it("keeps tables with spans, alignment and caption", () => {
    expect(
      html('<table><caption>c</caption><tr><td colspan="2" rowspan="3" align="center">x</td></tr></table>'),
    ).toBe(
      '<table><caption>c</caption><tbody><tr><td colspan="2" rowspan="3" align="center">x</td></tr></tbody></table>',
    );
  });

  it("keeps only the task-list and code classes", () => {
    expect(
      html('<ul class="contains-task-list evil"><li class="task-list-item x">a</li></ul><p class="x">b</p>'),
    ).toBe('<ul class="contains-task-list"><li class="task-list-item">a</li></ul><p>b</p>');
    expect(html('<pre class="x"><code class="language-c++ other">y</code></pre>')).toBe(
      '<pre><code class="hljs language-c++">y</code></pre>',
    );
  });

  it("keeps a checkbox only inside a list item, disabled", () => {
    expect(html('<li><input type="checkbox" checked> a</li>')).toBe(
      '<li><input type="checkbox" checked disabled aria-label="a"> a</li>',
    );
    expect(html('<li><input type="text" value="x"> a</li><input type="checkbox">')).toBe("<li> a</li>");
  });

  it("removes forbidden elements with their content", () => {
    expect(html("<p>a</p><style>p{}</style><svg><text>t</text></svg><textarea>x</textarea>")).toBe(
      "<p>a</p>",
    );
  });
});

describe("style filter", () => {
  it("keeps only allow-listed properties", () => {
    expect(filterStyle("color:red; position:fixed; background-image:url(x)")).toBe("color:red");
    expect(html('<p style="color:red; position:fixed; background-image:url(x)">x</p>')).toBe(
      '<p style="color:red">x</p>',
    );
  });

  it("keeps every allow-listed property exactly", () => {
    const style =
      "color: #ff0000; background-color: rgb(0, 0, 0); text-align: center; " +
      "font-weight: bold; font-style: italic; text-decoration: underline dotted red";
    expect(filterStyle(style)).toBe(
      "color:#ff0000;background-color:rgb(0, 0, 0);text-align:center;" +
        "font-weight:bold;font-style:italic;text-decoration:underline dotted red",
    );
  });

  it("drops dangerous or malformed values", () => {
    expect(filterStyle("color: expression(alert(1))")).toBe("");
    expect(filterStyle("color: var(--x)")).toBe("");
    expect(filterStyle("color: r\\65 d")).toBe("");
    expect(filterStyle("color: red /* x */")).toBe("color:red");
    expect(filterStyle("background-color: url(https://example.com/a.png)")).toBe("");
    expect(filterStyle("color: red; color: blue</style>")).toBe("");
    expect(filterStyle("color:")).toBe("");
    expect(filterStyle("{{{;;;:::")).toBe("");
    expect(filterStyle("color: red !important; COLOR: Blue")).toBe("color:Blue");
    expect(html('<p style="color: expression(alert(1))">x</p>')).toBe("<p>x</p>");
  });
});

describe("renderNote: hostile input", () => {
  it("replaces NUL and lone surrogates", () => {
    expect(md("a\u0000b\uD800c\uDC00d\uD83D\uDE00")).toBe("<p>a\uFFFDb\uFFFDc\uFFFDd\uD83D\uDE00</p>");
    expect(html("<p>\u0000</p><p\u0000>\uDFFF</p>")).toBe("<p>\uFFFD</p>\uFFFD<p></p>");
  });

  // Without the depth guards these took from 10 seconds to minutes. The guards' own tests
  // (exceedsContainerDepth, below) show they engage; vitest.config.ts's time limit stops a hang.
  it("never throws and shows absurdly nested HTML as text", () => {
    for (const format of ["markdown", "html"] as const) {
      expect(renderNote("<div>".repeat(100_000), format)).toMatch(/^<pre>&lt;div&gt;/);
      expect(renderNote("<b>".repeat(300) + "x", format)).toContain("x</b>");
    }
  });

  it.each([
    ["quotes on one line", ">".repeat(100_000) + " x"],
    ["lists on one line", "- ".repeat(100_000) + "x"],
    [
      "lists by indentation",
      Array.from({ length: 700 }, (_, level) => "  ".repeat(level) + "- x").join("\n"),
    ],
  ])("renders deeply nested %s", (_, content) => {
    expect(md(content)).toMatch(/^<(p|blockquote)>/);
  });

  it("renders a large note without throwing", () =>
    expect(md("word ".repeat(100_000))).toMatch(/^<p>word word/));
});

describe("exceedsContainerDepth", () => {
  it("counts markers and indentation at the start of a line only", () => {
    expect(exceedsContainerDepth("> ".repeat(20) + "x")).toBe(false);
    expect(exceedsContainerDepth(">".repeat(33) + "x")).toBe(true);
    expect(exceedsContainerDepth("text\r" + "1. ".repeat(40) + "x")).toBe(true);
    expect(exceedsContainerDepth(" ".repeat(200) + "code")).toBe(false);
    expect(exceedsContainerDepth("x " + "- ".repeat(100))).toBe(false);
  });
});
