import { parentPort } from "node:worker_threads";
import type { NoteFormat } from "./render-note";
import { renderNote } from "./render-note";

// Runs renderNote off the main thread: rendering a large note takes seconds of CPU, and on the main
// thread that would stall every other request. "ready" tells the pool that loading and a first
// warm-up render are done, so neither counts against a note's render timeout.
parentPort?.on("message", ({ content, format }: { content: string; format: NoteFormat }) => {
  parentPort?.postMessage(renderNote(content, format));
});
renderNote("# warm *up* [x](https://example.com)\n\n| a |\n|---|\n| b |", "markdown");
renderNote("<p>warm</p>", "html");
parentPort?.postMessage("ready");
