import commonmark from "commonmark-spec";
import { describe, expect, it } from "vitest";
import { renderNote } from "../render-note";
import { gfmExtensionExamples, type SpecExample } from "./gfm-extension-examples";
import { normalizeHtml } from "./normalize-html";

// Every example of the CommonMark spec (0.31.2) and of GFM's extensions (0.29-gfm) through renderNote,
// compared with the spec's HTML after the spec runner's normalisation. Where they differ, each
// difference must be one of the rules below, applied in order; whatever no rule explains is a bug.

type Rule = {
  name: string;
  /** Applied to the spec's HTML and to ours before comparing; later rules see earlier rules' output. */
  expected?: (html: string) => string;
  actual?: (html: string) => string;
  /** For differences that are one example's own: the examples it explains, as "CommonMark 173". */
  examples?: readonly string[];
};

const RULES: readonly Rule[] = [
  {
    name: "the allow-list: elements and attributes outside it removed, relative and non-http(s)/mailto URLs dropped, rel on every link, code naming a language highlighted, ids prefixed",
    // The spec's HTML through the HTML note pipeline, which applies exactly the same allow-list.
    expected: (html) => renderNote(html, "html"),
  },
  {
    name: "headings carry GitHub-style ids (user-content-<slug>) for in-note links",
    actual: (html) => html.replace(/(<h[1-6]) id="user-content-[^"]*"/g, "$1"),
  },
  {
    name: "task lists keep GFM's classes (contains-task-list, task-list-item) for the stylesheet",
    actual: (html) => html.replace(/ class="(?:contains-task-list|task-list-item)"/g, ""),
  },
  {
    name: "GFM autolink literals: bare URLs and e-mail addresses become links, which CommonMark alone leaves as text",
    examples: ["CommonMark 602", "CommonMark 606", "CommonMark 608", "CommonMark 611", "CommonMark 612"],
  },
  {
    name: "GFM tag filter: an unclosed <style> (an HTML block that runs to the end) is shown as text, not removed with everything after it",
    examples: ["CommonMark 173"],
  },
  {
    name: "ftp: links are not allowed: the spec's link loses its href and reads as the same text that remark-gfm leaves unlinked",
    examples: ["GFM 628"],
  },
];

const tabs = (text: string) => text.replace(/→/g, "\t");
// Both specs number their examples from 1, so an example is named by its spec and number.
type NamedExample = SpecExample & { name: string };
const examples: NamedExample[] = [
  ...commonmark.tests.map((test) => ({
    ...test,
    name: `CommonMark ${test.number}`,
    markdown: tabs(test.markdown),
    html: tabs(test.html),
  })),
  ...gfmExtensionExamples.map((example) => ({ ...example, name: `GFM ${example.number}` })),
];

/** The index of the first rule after which the example matches, -1 if it matches as is, or null. */
function explainedBy(example: NamedExample, actualHtml: string): number | null {
  let expected = example.html;
  let actual = actualHtml;
  if (normalizeHtml(expected) === normalizeHtml(actual)) return -1;
  for (const [index, rule] of RULES.entries()) {
    if (rule.examples?.includes(example.name)) return index;
    expected = rule.expected ? rule.expected(expected) : expected;
    actual = rule.actual ? rule.actual(actual) : actual;
    if (normalizeHtml(expected) === normalizeHtml(actual)) return index;
  }
  return null;
}

describe("conformance with CommonMark 0.31.2 and the GFM extensions", () => {
  const counts = new Map<number, number>();
  it.each(examples.map((example) => [example.name, example.section, example] as const))(
    "%s (%s)",
    (_, __, example) => {
      const actual = renderNote(example.markdown, "markdown");
      const rule = explainedBy(example, actual);
      expect(rule, `${JSON.stringify(example.markdown)} gave ${actual}`).not.toBeNull();
      if (rule !== null) counts.set(rule, (counts.get(rule) ?? 0) + 1);
    },
  );

  it("says how many examples each rule explains", () => {
    expect(examples.length).toBe(652 + gfmExtensionExamples.length);
    const lines = [...counts]
      .sort(([a], [b]) => a - b)
      .map(([rule, count]) => `${count}\t${RULES[rule]?.name ?? "exact"}`);
    console.info(`Conformance, examples per explanation:\n${lines.join("\n")}`);
  });
});
