import commonmark from "commonmark-spec";
import type { Root } from "mdast";
import rehypeRaw from "rehype-raw";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { largeNote } from "../../scripts/bench/fixtures";
import { gfmExtensionExamples } from "./conformance/gfm-extension-examples";
import { remarkParseNote } from "./markdown-parser";
import { parseInPieces } from "./parse-in-pieces";
import { findCuts, mayHoldDefinition } from "./split-markdown";

// A long note is parsed in pieces; the tree (positions included) and the HTML must be exactly those
// of parsing it whole with remark-parse and remark-gfm, whatever the note holds.

const whole = unified().use(remarkParse).use(remarkGfm).freeze();
const inPieces = unified().use(remarkParseNote, { containers: true }).freeze();
const toHtml = unified().use(remarkRehype, { allowDangerousHtml: true }).use(rehypeRaw).use(rehypeStringify);
const html = (tree: Root) => toHtml.stringify(toHtml.runSync(tree));

// remark-parse's parse is the whole of it: remark-gfm adds no transformer to run afterwards.
const parse = (text: string) => whole.parse(text);

/** Cut wherever the scan allows (pieces of at least one character), and compare with one parse. */
function expectSameParse(text: string, minimumCuts: number): void {
  expect(findCuts(text, 1).length).toBeGreaterThanOrEqual(minimumCuts);
  const expected = parse(text);
  const actual = parseInPieces(text, parse, 1);
  expect(actual).toEqual(expected);
  expect(html(actual)).toBe(html(expected));
}

// Deterministic, so a failure can be replayed.
function randomFrom(seed: number) {
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  return <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
}

// Blocks chosen to meet a cut in every way: constructs that run across blank lines (fences, HTML
// blocks of kinds 1 to 5, list items, indented code), ones that end there, and lines that look like
// fences or HTML but are not (inside an HTML block, a paragraph, indented code).
const BLOCKS = (n: number): string[] => [
  `Paragraph ${n} with *emphasis*, \`code\`, <span>inline html</span> and https://example.com/${n}.`,
  `# Heading ${n}`,
  `Setext ${n}\n===`,
  `- item ${n}\n- item\n\n  continued after a blank line\n\n- loose item`,
  `1. one\n2. two\n\n   \`\`\`\n   fenced in an item\n\n   \`\`\`\n3. three`,
  `- a\n  - nested\n\n    > quoted in a nested item`,
  `> quote ${n}\n> - list in quote\n\n> another quote`,
  "```js\nconst a = 1;\n\n\nconst b = 2;\n```",
  "~~~~\n```\nnot closed by backticks\n\n~~~\nstill open\n~~~~~",
  "```\nunclosed fence in a list item follows\n```\n\n- ```\n  open\n\n  still in the item",
  "    indented code\n\n    after a blank line",
  "<div>\n\n*markdown in a div*\n\n</div>",
  "<div>\n```\n</div>",
  "<pre>\nkept\n\nacross blank lines\n</pre>",
  "<script>\nlet x = 1;\n\n</script>",
  "<!-- a comment\n\nacross blank lines -->",
  "<!-- one line -->",
  "<?php\n\necho 1;\n\n?>",
  "<!DOCTYPE html>",
  "<![CDATA[\n\ndata\n\n]]>",
  "<textarea>\n\n*not emphasis*\n\n</textarea>",
  "| a | b |\n|---|:-:|\n| 1 | 2 |\n| 3 | 4 |",
  `text\n\n| lone pipe ${n}`,
  "---",
  "* * *",
  "- [x] done\n- [ ] open",
  "~~struck~~ and ~one~",
  "line one  \nhard break\\\nand another",
  "```not a fence``` but inline code",
  "10) ordered with paren\n11) next",
  "+ plus list\n\n+ second",
  "\t# tab-indented",
  "Text\n```\nfence interrupting a paragraph\n\n```",
];
const SEPARATORS = ["\n\n", "\n\n", "\n\n\n", "\n", "\r\n\r\n", "\n \n"];

function generatedNote(seed: number, length: number): string {
  const pick = randomFrom(seed);
  let text = "";
  for (let n = 0; text.length < length; n++) text += pick(BLOCKS(n)) + pick(SEPARATORS);
  return text;
}

const SPEC_TEXTS = [
  ...commonmark.tests.map((test) => test.markdown.replace(/→/g, "\t")),
  ...gfmExtensionExamples.map((example) => example.markdown),
];

describe("parseInPieces", () => {
  it("parses the spec examples without definitions, run together, as one parse does", () => {
    // Until an example leaves a fenced code block open to the end, which it then is in one parse too.
    expectSameParse(SPEC_TEXTS.filter((markdown) => !markdown.includes("]:")).join("\n\n"), 150);
  });

  it("parses every two consecutive spec examples as one parse does", () => {
    for (let index = 0; index + 1 < SPEC_TEXTS.length; index++) {
      expectSameParse(`${SPEC_TEXTS[index]}\n\n${SPEC_TEXTS[index + 1]}`, 0);
    }
  });

  it.each(Array.from({ length: 40 }, (_, seed) => [seed] as const))(
    "parses generated note %i as one parse does",
    (seed) => expectSameParse(generatedNote(seed, 16 * 1024), 100),
  );

  it("parses the rest whole when a cut falls inside a block the scan could not see", () => {
    // The fence line inside the HTML block looks like an opening fence to the scan, so the real
    // fence's opening looks like its end, and the scan offers cuts inside the real fence.
    const text = "Words.\n\n<div>\n```\n</div>\n\n```\ncode\n\nMore\n\n```\n\nAfter.";
    expect(findCuts(text, 1).map((cut) => cut.line)).toEqual([2, 9, 11]);
    expectSameParse(text, 3);
  });

  it("does not cut a note that may hold link or footnote definitions", () => {
    const text = `${generatedNote(1, 16 * 1024)}[^note] and [link]\n\n[^note]: a footnote\n\n[link]: /url\n`;
    expect(findCuts(text, 1)).toEqual([]);
  });

  it("finds every definition in the spec examples, alone, quoted and in a list item", () => {
    const inQuote = (text: string) => text.replace(/^/gm, "> ");
    const inListItem = (text: string) => `1. ${text.replace(/\n(?=.)/g, "\n   ")}`;
    const texts = SPEC_TEXTS.flatMap((text) => [text, inQuote(text), inListItem(text)]);
    const withDefinition = texts.filter((text) =>
      /"type":"(?:footnoteD|d)efinition"/.test(JSON.stringify(parse(text))),
    );
    expect(withDefinition).toHaveLength(231);
    expect(withDefinition.filter((text) => !mayHoldDefinition(text))).toEqual([]);
  });

  it("cuts a note whose `]:` cannot start a definition, and parses it as one parse does", () => {
    const lines =
      "Set `limits[cpu]: 2` and see [the docs]: they say so.\n\n```py\nx: dict[str, int] = {}\ny = a[1]: 3\n```";
    // A task list item's `[ ]` opens its line like a definition would: those notes are not cut.
    const note = (seed: number) => generatedNote(seed, 8 * 1024).replaceAll("- [", "- (");
    const text = `${note(7)}\n\n${lines}\n\n${note(8)}`;
    expect(mayHoldDefinition(text)).toBe(false);
    expectSameParse(text, 50);
  });

  it("parses the benchmark's 500 KiB note in pieces of a few KiB, as remark-gfm does whole", () => {
    expect(findCuts(largeNote, 2048).length).toBeGreaterThan(200);
    expect(inPieces.runSync(inPieces.parse(largeNote))).toEqual(whole.runSync(whole.parse(largeNote)));
  });
});
