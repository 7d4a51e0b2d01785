import commonmark from "commonmark-spec";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { smallNote } from "../../scripts/bench/fixtures";
import { gfmExtensionExamples } from "./conformance/gfm-extension-examples";
import { remarkParseNote } from "./markdown-parser";

// remarkParseNote loads only the GFM extensions a note can use; the tree must be exactly the one
// remark-parse with remark-gfm (all extensions, always) builds, whatever the note.

const reference = unified().use(remarkParse).use(remarkGfm).freeze();
const chosen = unified().use(remarkParseNote, { containers: true }).freeze();

const tree = (processor: typeof reference, text: string) => processor.runSync(processor.parse(text));

const SPEC_TEXTS = [
  ...commonmark.tests.map((test) => test.markdown.replace(/→/g, "\t")),
  ...gfmExtensionExamples.map((example) => example.markdown),
];

// What the raw-text checks could get wrong: syntax spelled by escapes or character references,
// constructs in containers, other line endings, and notes with one construct and not the others.
const EDGE_CASES = [
  "mail foo&#64;example.com or foo&commat;example.com",
  "visit &#119;ww.example.com or www&period;example.com or http&colon;//example.com",
  "escaped foo\\@example.com and www\\.example.com and http\\://example.com",
  "WWW.EXAMPLE.COM and HTTPS://EXAMPLE.COM and xmpp:foo@example.com/res and mailto:foo@example.com",
  "[see www.example.com](https://example.com) and ![foo@example.com](x.png)",
  "> | a | b |\n> |---|:-:|\n> | 1 | 2 |",
  "- | a |\n  | - |\n  | 1 |",
  "| a |\r\n| --- |\r\n| b |\r| c |",
  "a | b\n-- | --\n1 | 2\n\n~~gone~~ and ~one~ and [^note]\n\n[^note]: text",
  "- [ ] open\n- [x] done\n\n***strong*~~*",
  "Setext\n---\n\n| not a table",
  "ask `@ops` or `www.example.com` in code only\n\n# then ops@example.com in a heading",
  "- item\n\n  > quoted www.example.com/path in a list\n\n| a |\n| - |\n| https://example.com |",
  "an address spelled ops&#64;example.com and `a@b.co` beside it",
  smallNote,
];

describe("remarkParseNote", () => {
  it.each(SPEC_TEXTS.map((text, index) => [index, text] as const))(
    "parses spec example %i as remark-gfm does",
    (_, text) => {
      expect(tree(chosen, text)).toEqual(tree(reference, text));
    },
  );

  it.each(EDGE_CASES.map((text) => [text] as const))("parses %j as remark-gfm does", (text) => {
    expect(tree(chosen, text)).toEqual(tree(reference, text));
  });

  it("parses consecutive spec examples run together as remark-gfm does", () => {
    // Each example followed by the next, so constructs of one meet the text of another.
    for (let index = 0; index + 1 < SPEC_TEXTS.length; index++) {
      const text = `${SPEC_TEXTS[index]}${SPEC_TEXTS[index + 1]}`;
      expect(tree(chosen, text), text).toEqual(tree(reference, text));
    }
  });
});
