import { describe, expect, it } from "vitest";
import { renderLimits } from "./render-limits";
import { renderNote } from "./render-note";

describe("syntax highlighting at render time", () => {
  it("adds only hljs classes around the code's own text", () => {
    const out = renderNote('```js\nalert("<img src=x onerror=alert(1)>")\n```', "markdown");
    expect(out).toBe(
      '<pre><code class="hljs language-js"><span class="hljs-title function_">alert</span>(<span class="hljs-string">&quot;&lt;img src=x onerror=alert(1)&gt;&quot;</span>)\n</code></pre>',
    );
  });

  it("escapes every character of the code that could end its element or open another", () => {
    const text = "</code></pre><script>alert('x & y')</script>";
    const out = renderNote("```html\n" + text + "\n```", "markdown");
    expect(out).not.toContain("<script");
    expect(out).not.toContain("</code></pre><");
    expect(out.match(/<\/code>/g)).toEqual(["</code>"]);
    const shown = out.replace(/<[^>]+>/g, "");
    expect(shown).toBe(
      "&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;alert(&#x27;x &amp; y&#x27;)&lt;/script&gt;\n",
    );
  });

  it("marks code in another language inside a block as highlight.js does (a language-* span)", () => {
    expect(renderNote("```html\n<style>a { color: red }</style>\n```", "markdown")).toBe(
      '<pre><code class="hljs language-html"><span class="hljs-tag">&lt;<span class="hljs-name">style</span>&gt;</span>' +
        '<span class="language-css"><span class="hljs-selector-tag">a</span> { <span class="hljs-attribute">color</span>: red }' +
        '</span><span class="hljs-tag">&lt;/<span class="hljs-name">style</span>&gt;</span>\n</code></pre>',
    );
  });

  it("leaves code without a language plain (no guessing)", () => {
    expect(renderNote("```\nconst a = 1;\n```", "markdown")).toBe("<pre><code>const a = 1;\n</code></pre>");
  });

  it("leaves blocks over the size limit plain, and highlights every block of the largest note", () => {
    const line = "const value = compute(a, b) + 'text'; // note\n";
    const big = line.repeat(Math.ceil((renderLimits.maxHighlightedCodeLength + 1) / line.length));
    const plain = renderNote("```ts\n" + big + "```", "markdown");
    expect(plain).not.toContain("hljs-");

    // 512 KiB of code in blocks just under the limit: every block is highlighted.
    const block =
      "```ts\n" + line.repeat(Math.floor(renderLimits.maxHighlightedCodeLength / line.length)) + "```\n\n";
    const out = renderNote(block.repeat(Math.floor((512 * 1024) / block.length)), "markdown");
    expect(out.match(/<span class="hljs-keyword">const<\/span>/g)?.length).toBeGreaterThan(10_000);
  });

  it("highlights HTML notes' code blocks the same way", () => {
    expect(renderNote('<pre><code class="language-css">a { color: red }</code></pre>', "html")).toContain(
      '<span class="hljs-attribute">color</span>',
    );
  });

  it("reads HTML notes' classes as rehype-highlight did: every code right inside a pre, unknown languages plain", () => {
    const cases: [string, string][] = [
      [
        '<pre><code class="language-js">a</code><pre><code class="language-css">b{}</code></pre></pre>',
        '<pre><code class="hljs language-js">a</code><pre><code class="hljs language-css"><span class="hljs-selector-tag">b</span>{}</code></pre></pre>',
      ],
      [
        '<pre><code class="language-js">x</code><code class="language-css">a{}</code></pre>',
        '<pre><code class="hljs language-js">x</code><code class="hljs language-css"><span class="hljs-selector-tag">a</span>{}</code></pre>',
      ],
      [
        '<pre><code class="language-nosuch">x = 1</code></pre>',
        '<pre><code class="hljs language-nosuch">x = 1</code></pre>',
      ],
    ];
    for (const [html, expected] of cases) expect(renderNote(html, "html")).toBe(expected);
  });
});
