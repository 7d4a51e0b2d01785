import { renderLimits } from "./render-limits";

const TAB_STOP = 4;

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Whether the character at `index` ends a list marker: space, tab, line ending or end of input. */
function endsMarker(text: string, index: number): boolean {
  const char = text[index];
  return char === undefined || char === " " || char === "\t" || char === "\n" || char === "\r";
}

/**
 * An upper bound on how many lists and block quotes the line starting at `start` can sit in:
 * each `>` or list marker opens at most one, and continuing a list item takes at least two columns
 * of indentation. Returns the bound and where the scan stopped.
 */
function lineDepth(text: string, start: number): { depth: number; markers: number; end: number } {
  let index = start;
  let columns = 0;
  let markers = 0;
  for (;;) {
    const char = text[index];
    if (char === " ") {
      columns += 1;
      index += 1;
    } else if (char === "\t") {
      columns += TAB_STOP - (columns % TAB_STOP);
      index += 1;
    } else if (char === ">") {
      markers += 1;
      index += 1;
    } else if ((char === "-" || char === "+" || char === "*") && endsMarker(text, index + 1)) {
      markers += 1;
      index += 1;
    } else if (char !== undefined && isDigit(char.charCodeAt(0))) {
      let end = index;
      while (end - index < 9 && isDigit(text.charCodeAt(end))) end += 1;
      if ((text[end] === "." || text[end] === ")") && endsMarker(text, end + 1)) {
        markers += 1;
        index = end + 1;
      } else break;
    } else break;
  }
  return { depth: markers + Math.floor(columns / 2), markers, end: index };
}

/**
 * Whether some line of `markdown` may nest lists and block quotes deeper than the limit. micromark
 * takes time quadratic in that depth and its tree builders recurse per level, so such notes are
 * rendered with lists and quotes switched off. Lines without any marker only continue containers
 * opened by earlier lines, so indented code alone never trips this.
 */
export function exceedsContainerDepth(markdown: string): boolean {
  const lineEnding = /[\n\r]/g;
  let start = 0;
  while (start < markdown.length) {
    const { depth, markers, end } = lineDepth(markdown, start);
    if (markers > 0 && depth > renderLimits.maxContainerDepth) return true;
    lineEnding.lastIndex = end;
    if (!lineEnding.exec(markdown)) return false;
    start = lineEnding.lastIndex;
  }
  return false;
}
