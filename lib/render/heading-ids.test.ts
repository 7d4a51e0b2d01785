import commonmark from "commonmark-spec";
import { describe, expect, it } from "vitest";
import { gfmExtensionExamples } from "./conformance/gfm-extension-examples";
import { mayHoldHeading } from "./heading-ids";
import { renderNote } from "./render-note";

// Notes whose text cannot make a heading skip the heading-id walk. That changes no output only if no note
// the check turns away renders a heading element: every spec example, also inside a block quote and
// a list item (where setext underlines and `#` sit after a container's marker), must keep to it.

const SPEC_TEXTS = [
  ...commonmark.tests.map((test) => test.markdown.replace(/→/g, "\t")),
  ...gfmExtensionExamples.map((example) => example.markdown),
];
const inQuote = (text: string) => text.replace(/^/gm, "> ");
const inListItem = (text: string) => `- ${text.replace(/\n(?=.)/g, "\n  ")}`;
const HEADING = /<h[1-6][\s>]/;

describe("mayHoldHeading", () => {
  it("is true for every spec example whose HTML holds a heading, alone, quoted or in a list item", () => {
    const texts = SPEC_TEXTS.flatMap((text) => [text, inQuote(text), inListItem(text)]);
    const withHeading = texts.filter((text) => HEADING.test(renderNote(text, "markdown")));
    expect(withHeading).toHaveLength(118);
    expect(withHeading.filter((text) => !mayHoldHeading(text))).toEqual([]);
  });

  it("turns away notes that cannot make a heading, so they skip the walk", () => {
    const table = "| a | b |\n|---|--:|\n| 1 | 2 |\n\nSome *prose* with [a link](https://example.com).";
    expect(mayHoldHeading(table)).toBe(false);
    expect(mayHoldHeading("```ts\nconst a = [1, 2];\n```\n")).toBe(false);
  });

  it.each([
    ["ATX", "# Title"],
    ["setext, quoted", "> Title\n> ---"],
    ["setext with trailing spaces, CRLF", "Title\r\n===  \r\n"],
    ["raw HTML", "<H3>Title</H3>"],
    ["footnotes", "Text[^1]"],
  ])("lets %s through", (_, text) => expect(mayHoldHeading(text)).toBe(true));
});
