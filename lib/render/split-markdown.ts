/**
 * Where a long Markdown note may be cut into pieces that parse alone exactly as they parse together.
 *
 * A cut is made only at the start of a line that follows a blank line, is not indented and is not a
 * list item: there, CommonMark has closed every list, block quote, paragraph, table and indented code
 * block, and inline syntax never crosses a block. What can still be open is a fenced code block or an
 * HTML block of kinds 1 to 5 (`<script>`, `<pre>`, `<style>`, `<textarea>`, comments, `<?`, `<!X`,
 * CDATA), which run across blank lines; the scan below skips them, and the caller checks each cut
 * against the parsed piece before it (`endsOpen` in parse-in-pieces.ts) since the scan cannot see
 * containers. Link and footnote definitions apply to the whole document, so a note that may hold one
 * is never cut (`mayHoldDefinition`).
 */

const LINE = /([^\n\r]*)(\r\n|\n|\r|$)/y;
const BLANK = /^[ \t]*$/;
// A line that may start a list item; an ordered marker has at most nine digits.
const LIST_ITEM = /^(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
// HTML blocks that a blank line does not end, with the text that does (CommonMark's kinds 1 to 5).
const HTML_BLOCKS: [RegExp, RegExp][] = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?:[ \t>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![a-z]/i, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
];

/** A fence that closes `open` (same character, at least as long, nothing after it but spaces). */
function closesFence(line: string, open: string): boolean {
  const match = FENCE.exec(line);
  return (
    match !== null &&
    match[1]![0] === open[0] &&
    match[1]!.length >= open.length &&
    BLANK.test(line.slice(match[0].length))
  );
}

/** Whether the fenced code or HTML block whose source is `block` runs on past its last line. */
export function blockLeftOpen(block: string): boolean {
  const fence = FENCE.exec(block);
  if (fence) {
    const lastLine = /[^\n\r]*$/.exec(block)![0];
    return lastLine.length === block.length || !closesFence(lastLine, fence[1]!);
  }
  const html = HTML_BLOCKS.find(([start]) => start.test(block));
  return html !== undefined && !html[1].test(block.slice(block.indexOf("<") + 2));
}

// A definition (`[label]:`, `[^label]:`) starts a paragraph, so its `[` opens a line after nothing
// but indentation and container markers (`>`, `-`, `+`, `*`, `1.`, `1)`): this class holds them all.
const DEFINITION_START = /^[ \t>*+\-0-9.)]*\[/m;

/** Whether `text` may hold a link or footnote definition: a `]:`, and a line that may start one. */
export function mayHoldDefinition(text: string): boolean {
  return text.includes("]:") && DEFINITION_START.test(text);
}

export type Cut = {
  /** Offset of the first character after the cut. */
  offset: number;
  /** Lines (line endings) before the cut. */
  line: number;
};

/**
 * Cuts for `text`, each at least `pieceLength` characters after the previous one (none for a short
 * note or one that may hold definitions). The cuts are candidates: see the module comment.
 */
export function findCuts(text: string, pieceLength: number): Cut[] {
  const cuts: Cut[] = [];
  if (text.length < 2 * pieceLength || mayHoldDefinition(text)) return cuts;
  let fence: string | null = null;
  let htmlEnd: RegExp | null = null;
  let previousBlank = false;
  let pieceStart = 0;
  let lineNumber = 0;
  LINE.lastIndex = 0;
  while (LINE.lastIndex < text.length) {
    const offset = LINE.lastIndex;
    const match = LINE.exec(text)!;
    const line = match[1]!;
    if (fence !== null) {
      if (closesFence(line, fence)) fence = null;
    } else if (htmlEnd !== null) {
      if (htmlEnd.test(line)) htmlEnd = null;
    } else {
      if (
        previousBlank &&
        offset - pieceStart >= pieceLength &&
        !BLANK.test(line) &&
        line[0] !== " " &&
        line[0] !== "\t" &&
        !LIST_ITEM.test(line)
      ) {
        cuts.push({ offset, line: lineNumber });
        pieceStart = offset;
      }
      const opensFence = FENCE.exec(line);
      // A backtick fence's info string holds no backtick (else the line is inline code).
      if (opensFence && !(opensFence[1]![0] === "`" && line.includes("`", opensFence[0].length))) {
        fence = opensFence[1]!;
      }
      if (fence === null) {
        const block = HTML_BLOCKS.find(([start]) => start.test(line));
        // The block may end on the line that starts it.
        if (block && !block[1].test(line.slice(line.indexOf("<") + 2))) htmlEnd = block[1];
      }
    }
    previousBlank = BLANK.test(line);
    if (match[2] === "") break;
    lineNumber += 1;
  }
  return cuts;
}
