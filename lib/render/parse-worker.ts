import type { Root } from "mdast";
import { parentPort } from "node:worker_threads";
import { pieceParser } from "./markdown-parser";
import { parseInPieces } from "./parse-in-pieces";

// The second thread of a long note's parse (parseInTwo): parses the note from `offset` on, with the
// whole note's extensions, and answers with the tree, or null when the parse failed (the render
// worker then renders the note alone, as it would have).
parentPort?.on(
  "message",
  ({ text, offset, containers }: { text: string; offset: number; containers: boolean }) => {
    let tree: Root | null = null;
    try {
      tree = parseInPieces(text.slice(offset), pieceParser(text, containers));
    } catch {
      tree = null;
    }
    parentPort?.postMessage(tree);
  },
);
