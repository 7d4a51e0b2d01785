import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { env } from "../env";
import { metrics } from "../metrics/metrics";
import type { NoteFormat } from "./render-note";
import { renderPlainText } from "./render-plain-text";

type Job = {
  content: string;
  format: NoteFormat;
  resolve: (html: string) => void;
  reject: (error: Error) => void;
};

/** A loaded worker and the jobs it was given, in order: it renders the first. */
type Slot = { worker: Worker; jobs: Job[]; begun: number; timer?: NodeJS.Timeout };

// A few long-lived worker threads render notes one at a time each; jobs wait in a FIFO queue. A
// render that runs past RENDER_TIMEOUT_MS, or past the worker's heap (pathological input: 512 KiB
// of one-line list items takes gigabytes), has its worker replaced, and the note is stored as
// escaped plain text instead: still safe, nothing lost, and no machine's memory taken.
//
// A worker rendering short notes is given the next few already, so it starts each the moment it
// finishes the one before rather than idling until the main thread, busy with other requests, reads
// its answer (docs/benchmarks.md). Behind long notes the next one waits here, for whichever worker
// frees first.
const queue: Job[] = [];
const ready: Slot[] = [];
let started = 0;

metrics.sources.renderQueues.add(() => queue.length);

// Inside Next.js the worker is bundled to JavaScript (Turbopack compiles `new Worker(new URL(...))`).
// Run from TypeScript sources (tests, scripts), the worker first registers tsx's loader, which worker
// threads do not inherit. (import.meta.url cannot tell the two apart: the bundle keeps the source's.)
// (Turbopack sees the worker only when its options are an object literal written in the call.)
function spawn(): Worker {
  if (env.NEXT_RUNTIME) {
    return new Worker(new URL("./render-worker.ts", import.meta.url), { resourceLimits: heapLimits() });
  }
  const source = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), "render-worker.ts"));
  const bootstrap = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); })`;
  return new Worker(bootstrap, { eval: true, resourceLimits: heapLimits() });
}

/**
 * The worker's heap. Left to V8, it is sized as the main thread's, on Node 24 a young generation of
 * 128 MiB and an old one allowed gigabytes, which under a stream of creates it filled with garbage
 * (225–250 MiB of the process's peak, docs/benchmarks.md). A render's garbage dies young, so a
 * small young generation costs nothing measurable, and under a cap V8 collects the old one early.
 */
function heapLimits() {
  return { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: env.RENDER_WORKER_MEMORY_MB };
}

function startWorker(): void {
  started++;
  const worker = spawn();
  // Idle workers must not keep a CLI or test process alive.
  worker.unref();
  // A worker that cannot even load is a broken install: fail the waiting notes loudly (a 500).
  const failToLoad = (error: Error) => {
    started--;
    for (const job of queue.splice(0)) job.reject(error);
  };
  worker.once("error", failToLoad);
  worker.once("message", () => {
    worker.off("error", failToLoad);
    const slot: Slot = { worker, jobs: [], begun: 0 };
    worker.on("message", (html: string) => finishFirst(slot, (job) => job.resolve(html), true));
    // A worker that ran out of its heap met a hard note, like one that timed out. One that crashes
    // otherwise is a bug or a broken install: fail loudly (a 500).
    worker.on("error", (error) =>
      finishFirst(
        slot,
        (job) => (outOfMemory(error) ? job.resolve(renderPlainText(job.content)) : job.reject(error)),
        false,
      ),
    );
    ready.push(slot);
    drain();
  });
}

function outOfMemory(error: Error): boolean {
  return (error as NodeJS.ErrnoException).code === "ERR_WORKER_OUT_OF_MEMORY";
}

/** Starts the clock of the job a slot renders now: its render time and its timeout. */
function begin(slot: Slot): void {
  const [job] = slot.jobs;
  if (!job) return;
  slot.begun = performance.now();
  slot.timer = setTimeout(
    () => finishFirst(slot, (first) => first.resolve(renderPlainText(first.content)), false),
    env.RENDER_TIMEOUT_MS,
  );
}

/**
 * Settles the job a slot was rendering. A worker that timed out or crashed is terminated; the jobs
 * it was given after that one go back to the front of the queue, in order.
 */
function finishFirst(slot: Slot, settle: (job: Job) => void, healthy: boolean): void {
  clearTimeout(slot.timer);
  const job = slot.jobs.shift();
  if (job) {
    metrics.render[job.format].observe((performance.now() - slot.begun) / 1000);
    settle(job);
  }
  if (healthy) begin(slot);
  else {
    started--;
    ready.splice(ready.indexOf(slot), 1);
    // Only our own listeners: Worker keeps internal ones (they start its message port) that must stay.
    slot.worker.removeAllListeners("message");
    slot.worker.removeAllListeners("error");
    void slot.worker.terminate();
    queue.unshift(...slot.jobs.splice(0));
  }
  drain();
}

/** Whether a busy worker is given another note: it holds fewer than 4, of under 16 KiB of text. */
function takesMore(slot: Slot): boolean {
  if (slot.jobs.length >= 4) return false;
  let characters = 0;
  for (const job of slot.jobs) characters += job.content.length;
  return characters < 16 * 1024;
}

/** The loaded worker to give the next job: an idle one, else the least busy that takes more. */
function freeSlot(): Slot | undefined {
  let busy: Slot | undefined;
  for (const slot of ready) {
    if (slot.jobs.length === 0) return slot;
    if (takesMore(slot) && slot.jobs.length < (busy?.jobs.length ?? Infinity)) busy = slot;
  }
  return busy;
}

function drain(): void {
  for (let slot = freeSlot(); slot && queue.length > 0; slot = freeSlot()) {
    const job = queue.shift() as Job;
    slot.jobs.push(job);
    slot.worker.postMessage({ content: job.content, format: job.format });
    if (slot.jobs.length === 1) begin(slot);
  }
  // Start workers for what is still waiting; each takes a job once it has loaded.
  for (let waiting = queue.length; waiting > 0 && started < env.RENDER_WORKERS; waiting--) startWorker();
}

/** renderNote on a worker thread: sanitized HTML, without blocking the event loop. */
export function renderNoteInWorker(content: string, format: NoteFormat): Promise<string> {
  return new Promise((resolve, reject) => {
    queue.push({ content, format, resolve, reject });
    drain();
  });
}
