import type { Root } from "mdast";
import { parentPort, Worker, workerData } from "node:worker_threads";
import { pieceParser } from "./markdown-parser";
import { parseInTwo, TWO_THREADS_FROM } from "./parse-in-pieces";
import type { NoteFormat } from "./render-note";
import { renderMarkdownParsedBy, renderNote } from "./render-note";
import { workerFromSource } from "./worker-from-source";

// Runs renderNote off the main thread: rendering a large note takes seconds of CPU, and on the main
// thread that would stall every other request. "ready" tells the pool that loading and a first
// warm-up render are done, so neither counts against a note's render timeout.
// A long Markdown note's parse, most of its render, is split with a second thread of this worker's
// own (parse-worker.ts); the rest of the render runs here on the joined tree.

const { bundled } = workerData as { bundled: boolean };
let parser: Worker | undefined;

function parseWorker(): Worker {
  if (parser) return parser;
  parser = bundled
    ? new Worker(new URL("./parse-worker.ts", import.meta.url))
    : workerFromSource(import.meta.url, "parse-worker.ts");
  parser.unref();
  return parser;
}

/** The tree of `text` from `offset` on, parsed by the parse worker. */
function parseElsewhere(text: string, offset: number, containers: boolean): Promise<Root> {
  const worker = parseWorker();
  return new Promise((resolve, reject) => {
    const onMessage = (tree: Root | null) => {
      worker.off("error", onError);
      if (tree) resolve(tree);
      else reject(new Error("the parse worker could not parse the note"));
    };
    const onError = (error: Error) => {
      worker.off("message", onMessage);
      parser = undefined;
      reject(error);
    };
    worker.once("message", onMessage);
    worker.once("error", onError);
    worker.postMessage({ text, offset, containers });
  });
}

const parseOnTwoThreads = (text: string, containers: boolean) =>
  parseInTwo(text, pieceParser(text, containers), (cut) => parseElsewhere(text, cut.offset, containers));

parentPort?.on("message", ({ content, format }: { content: string; format: NoteFormat }) => {
  if (format === "markdown" && content.length >= TWO_THREADS_FROM) {
    void renderMarkdownParsedBy(content, parseOnTwoThreads).then((html) => parentPort?.postMessage(html));
  } else {
    parentPort?.postMessage(renderNote(content, format));
  }
});
renderNote("# warm *up* [x](https://example.com)\n\n| a |\n|---|\n| b |", "markdown");
renderNote("<p>warm</p>", "html");
parseWorker();
parentPort?.postMessage("ready");
