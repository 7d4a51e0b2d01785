import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";

/**
 * A worker thread running the TypeScript module `file` next to the module at `base` (its
 * import.meta.url), for tests and scripts: it first registers tsx's loader, which worker threads do
 * not inherit. Inside Next.js workers are bundled instead (`new Worker(new URL(...))` in the caller,
 * which Turbopack compiles; import.meta.url cannot tell the two apart: the bundle keeps the source's).
 */
export function workerFromSource(base: string, file: string, options: WorkerOptions = {}): Worker {
  const source = pathToFileURL(path.join(path.dirname(fileURLToPath(base)), file));
  const bootstrap = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}
