import { describe, expect, it } from "vitest";
import { largeNote } from "../../scripts/bench/fixtures";
import { TWO_THREADS_FROM } from "./parse-in-pieces";
import { renderNote } from "./render-note";
import { renderNoteInWorker } from "./render-pool";

// A long Markdown note's parse is split between the render worker and its parse worker; the rest of
// the render runs on the joined tree, so the HTML must be byte for byte renderNote's, also where
// something reaches across the halves: repeated headings (their ids count up over the whole note),
// links to a heading in the other half, raw HTML. (Halves that do not parse apart, where the first
// runs on past the cut, are parseInTwo's, tested in parse-in-pieces.test.ts.)

const section = (n: number) =>
  `# Same title\n\n[to the first](#same-title) and [to ${n}](#part-${n}), <b>raw ${n}</b>\n\n` +
  `## Part ${n}\n\n| a | b |\n|---|---|\n| ${n} | x |\n\n\`\`\`ts\nconst n = ${n};\n\`\`\`\n\n`;

function repeated(unit: (n: number) => string, length: number): string {
  let text = "";
  for (let n = 0; text.length < length; n++) text += unit(n);
  return text;
}

describe("a long note rendered on two threads", () => {
  it.each([
    ["the benchmark's 500 KiB note", largeNote],
    ["headings, in-note links and raw HTML across the halves", repeated(section, 2 * TWO_THREADS_FROM)],
  ])("renders %s as renderNote does", async (_, text) => {
    expect(text.length).toBeGreaterThanOrEqual(TWO_THREADS_FROM);
    expect(await renderNoteInWorker(text, "markdown")).toBe(renderNote(text, "markdown"));
  });
});
