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

// A few long-lived worker threads render notes one at a time each; jobs wait in a FIFO queue. A
// render that runs past RENDER_TIMEOUT_MS (pathological input) has its worker terminated and
// replaced, and the note is stored as escaped plain text instead: still safe, nothing lost.
const queue: Job[] = [];
const idle: Worker[] = [];
let started = 0;

metrics.sources.renderQueues.add(() => queue.length);

// Only our own listeners: Worker keeps internal ones (they start its message port) that must stay.
function unlisten(worker: Worker): void {
  worker.removeAllListeners("message");
  worker.removeAllListeners("error");
}

// Inside Next.js the worker is bundled to JavaScript (Turbopack compiles `new Worker(new URL(...))`).
// Run from TypeScript sources (tests, scripts), the worker first registers tsx's loader, which worker
// threads do not inherit. (import.meta.url cannot tell the two apart: the bundle keeps the source's.)
function spawn(): Worker {
  if (env.NEXT_RUNTIME) return new Worker(new URL("./render-worker.ts", import.meta.url));
  const source = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), "render-worker.ts"));
  const bootstrap = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); })`;
  return new Worker(bootstrap, { eval: true });
}

function startWorker(): void {
  started++;
  const worker = spawn();
  // Idle workers must not keep a CLI or test process alive.
  worker.unref();
  worker.once("message", () => {
    unlisten(worker);
    release(worker);
  });
  // A worker that cannot even load is a broken install: fail the waiting notes loudly (a 500).
  worker.once("error", (error) => {
    started--;
    for (const job of queue.splice(0)) job.reject(error);
  });
}

function retire(worker: Worker): void {
  started--;
  unlisten(worker);
  void worker.terminate();
}

function run(worker: Worker, job: Job): void {
  const begun = performance.now();
  const finish = (settle: () => void, healthy: boolean) => {
    clearTimeout(timer);
    metrics.render[job.format].observe((performance.now() - begun) / 1000);
    unlisten(worker);
    settle();
    if (healthy) release(worker);
    else {
      retire(worker);
      drain();
    }
  };
  const timer = setTimeout(
    () => finish(() => job.resolve(renderPlainText(job.content)), false),
    env.RENDER_TIMEOUT_MS,
  );
  worker.once("message", (html: string) => finish(() => job.resolve(html), true));
  // A worker that crashes is a bug or a broken install, not a hard note: fail loudly (a 500).
  worker.once("error", (error) => finish(() => job.reject(error), false));
  worker.postMessage({ content: job.content, format: job.format });
}

function release(worker: Worker): void {
  const next = queue.shift();
  if (next) run(worker, next);
  else idle.push(worker);
}

function drain(): void {
  while (queue.length > 0 && idle.length > 0) {
    const job = queue.shift();
    const worker = idle.pop();
    if (job && worker) run(worker, job);
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
