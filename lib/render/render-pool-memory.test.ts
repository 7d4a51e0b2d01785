import { beforeAll, describe, expect, it } from "vitest";

// A worker's heap capped low and a timeout far off, so that a note past the heap is what stops it.
process.env.RENDER_WORKER_MEMORY_MB = "48";
process.env.RENDER_TIMEOUT_MS = "600000";
process.env.RENDER_WORKERS = "1";
let renderNoteInWorker: typeof import("./render-pool").renderNoteInWorker;
beforeAll(async () => {
  ({ renderNoteInWorker } = await import("./render-pool"));
});

describe("a render worker's heap", () => {
  it("stores a note that needs more than the worker's heap as escaped text, and recovers", async () => {
    // 512 KiB of one-line list items: a syntax tree of gigabytes were the heap not capped.
    const note = "- a & b\n".repeat(65_536);
    const html = await renderNoteInWorker(note, "markdown");
    expect(html).toBe(`<pre>${"- a &amp; b\n".repeat(65_536)}</pre>`);
    expect(await renderNoteInWorker("*ok*", "markdown")).toBe("<p><em>ok</em></p>");
  }, 90_000);

  it("renders the notes given to that worker after the one past its heap, on its replacement", async () => {
    const results = await Promise.all([
      renderNoteInWorker("- b\n".repeat(131_072), "markdown"),
      renderNoteInWorker("# after", "markdown"),
    ]);
    expect(results[0].startsWith("<pre>- b\n")).toBe(true);
    expect(results[1]).toBe('<h1 id="user-content-after">after</h1>');
  }, 90_000);
});
