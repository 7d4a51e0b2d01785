import { beforeAll, describe, expect, it } from "vitest";

// A short timeout so a merely large note stands in for a pathological one.
process.env.RENDER_TIMEOUT_MS = "1500";
let renderNoteInWorker: typeof import("./render-pool").renderNoteInWorker;
beforeAll(async () => {
  ({ renderNoteInWorker } = await import("./render-pool"));
});

const slowNote = "- item <b>&</b>\n".repeat(60_000);

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
});
