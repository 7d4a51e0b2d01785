import { Worker } from "node:worker_threads";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

// A short timeout so a merely large note stands in for a pathological one; one worker, so which
// worker a note goes to is known.
process.env.RENDER_TIMEOUT_MS = "1500";
process.env.RENDER_WORKERS = "1";
let renderNoteInWorker: typeof import("./render-pool").renderNoteInWorker;
beforeAll(async () => {
  ({ renderNoteInWorker } = await import("./render-pool"));
});

const slowNote = "- item <b>&</b>\n".repeat(60_000);

/** Counts the notes handed to a worker from now on (the pool posts one message per note). */
function countPosted() {
  return vi.spyOn(Worker.prototype, "postMessage");
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("renderNoteInWorker", () => {
  it("renders Markdown and HTML like renderNote", async () => {
    expect(await renderNoteInWorker("# Hi *there*", "markdown")).toBe(
      '<h1 id="user-content-hi-there">Hi <em>there</em></h1>',
    );
    expect(await renderNoteInWorker("<p onclick=x>p</p><script>x</script>", "html")).toBe("<p>p</p>");
  });

  it("keeps the event loop free while a large note renders", async () => {
    // A render on this thread, even one deferred to a later turn of the event loop, would finish
    // before the callback queued after it runs; a render in a worker finishes after it.
    const events: string[] = [];
    const rendering = renderNoteInWorker("paragraph *text*\n\n".repeat(5_000), "markdown").then(() =>
      events.push("rendered"),
    );
    await new Promise((resolve) => setImmediate(resolve));
    events.push("event loop ran");
    await rendering;
    expect(events).toEqual(["event loop ran", "rendered"]);
  });

  it("stores a note that renders past the timeout as escaped text, and recovers", async () => {
    const html = await renderNoteInWorker(slowNote, "markdown");
    expect(html.startsWith("<pre>- item &lt;b&gt;&amp;&lt;/b&gt;\n")).toBe(true);
    expect(html.endsWith("</pre>")).toBe(true);
    expect(await renderNoteInWorker("*ok*", "markdown")).toBe("<p><em>ok</em></p>");
  });

  it("renders many notes at once in order of arrival, each to its own result", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => renderNoteInWorker(`note ${i}`, "markdown")),
    );
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => `<p>note ${i}</p>`));
  });

  it("gives a worker rendering short notes the next three at once, no more", async () => {
    await renderNoteInWorker("warm", "markdown");
    const posted = countPosted();
    const rendering = Array.from({ length: 6 }, (_, i) => renderNoteInWorker(`short ${i}`, "markdown"));
    expect(posted).toHaveBeenCalledTimes(4);
    expect(await Promise.all(rendering)).toEqual(Array.from({ length: 6 }, (_, i) => `<p>short ${i}</p>`));
    expect(posted).toHaveBeenCalledTimes(6);
  });

  it("gives a worker more below 16 KiB of text, and nothing more from 16 KiB", async () => {
    for (const [characters, postedAtOnce] of [
      [16 * 1024 - 1, 2],
      [16 * 1024, 1],
    ] as const) {
      await renderNoteInWorker("warm", "markdown");
      const posted = countPosted();
      const rendering = [
        renderNoteInWorker("x".repeat(characters), "markdown"),
        renderNoteInWorker("after", "markdown"),
      ];
      expect(posted).toHaveBeenCalledTimes(postedAtOnce);
      expect((await Promise.all(rendering))[1]).toBe("<p>after</p>");
      expect(posted).toHaveBeenCalledTimes(2);
      posted.mockRestore();
    }
  });

  it("renders a note given to a worker that timed out on the one before on its replacement", async () => {
    await renderNoteInWorker("warm", "markdown");
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const posted = countPosted();
    const first = renderNoteInWorker("*first*", "markdown");
    const second = renderNoteInWorker("*second*", "markdown");
    expect(posted).toHaveBeenCalledTimes(2);
    // The first note's timeout ends before the worker can answer: the worker is terminated.
    vi.advanceTimersByTime(1500);
    expect(await first).toBe("<pre>*first*</pre>");
    expect(await second).toBe("<p><em>second</em></p>");
    expect(posted).toHaveBeenCalledTimes(3);
  });
});
