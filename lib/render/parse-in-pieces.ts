import type { Nodes, Root } from "mdast";
import { blockLeftOpen, findCuts } from "./split-markdown";

/**
 * micromark's parse time grows faster than the text (its event list is spliced and kept whole), so
 * a long note parses faster as pieces of a few KiB: see docs/benchmarks.md.
 */
const PIECE_LENGTH = 2048;

/** Moves the piece's positions to where it sits in the note; columns are unchanged (cuts start lines). */
function shiftPositions(tree: Root, line: number, offset: number): void {
  const stack: Nodes[] = [...tree.children];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const { position } = node;
    if (position) {
      position.start.line += line;
      position.end.line += line;
      if (position.start.offset !== undefined) position.start.offset += offset;
      if (position.end.offset !== undefined) position.end.offset += offset;
    }
    if ("children" in node) for (const child of node.children) stack.push(child);
  }
}

/**
 * Whether the piece's last block may go on into the next piece: a fenced code or HTML block left open,
 * at the top or at the end of a list item (which a blank line does not end, unlike a block quote).
 * In a list item it would end where the next piece closes the list, not with the piece's last line.
 */
function endsOpen(tree: Root, piece: string): boolean {
  let last: Nodes | undefined = tree.children.at(-1);
  while (last?.type === "list" || last?.type === "listItem") last = last.children.at(-1);
  if (last?.type !== "code" && last?.type !== "html") return false;
  return blockLeftOpen(piece.slice(last.position?.start.offset, last.position?.end.offset));
}

/**
 * Parses `text` with `parse`, cut where the pieces parse alone exactly as together (split-markdown.ts),
 * and joins the trees. Where a cut turns out to fall inside a block, the rest is parsed whole.
 * Pieces are at least `pieceLength` characters long (tests cut as often as they can).
 */
export function parseInPieces(
  text: string,
  parse: (piece: string) => Root,
  pieceLength = PIECE_LENGTH,
): Root {
  const cuts = findCuts(text, pieceLength);
  if (cuts.length === 0) return parse(text);
  const root: Root = { type: "root", children: [] };
  let start = { offset: 0, line: 0 };
  for (const cut of [...cuts, null]) {
    let tree = parse(text.slice(start.offset, cut?.offset));
    const last = cut === null || endsOpen(tree, text.slice(start.offset, cut.offset));
    if (cut !== null && last) tree = parse(text.slice(start.offset));
    shiftPositions(tree, start.line, start.offset);
    root.children.push(...tree.children);
    if (last) {
      const end = tree.position!.end;
      root.position = {
        start: { line: 1, column: 1, offset: 0 },
        end: { line: end.line + start.line, column: end.column, offset: end.offset! + start.offset },
      };
      return root;
    }
    start = cut;
  }
  return root;
}
