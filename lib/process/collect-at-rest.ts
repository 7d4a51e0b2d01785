import "server-only";
import { MiB } from "../byte-units";
import { collector } from "./young-garbage";

// What V8 grows for a burst of work stays with the process once the burst is over: start-up
// (migrations, and on the embedded database its initdb) and the first requests (the routes and
// pages they load, a render) leave garbage that only a full collection frees, which nothing starts
// at rest, and a young generation sized for the burst. So the process collects everything once
// start-up is done, and again whenever it is quiet after it grew: V8's "last resort" collection,
// which also shrinks the young generation and hands free pages back to the system (a few hundred
// milliseconds of one core, docs/benchmarks.md). Under load the process is never quiet, so it
// never runs there; a steady server pays it once per burst at most.

/** How often the process looks at its memory and CPU. */
const checkEveryMs = 2000;
/** Growth of the resident memory since the last collection that is worth collecting. */
const growthBytes = 16 * MiB;
/** The share of one core under which the process counts as quiet over the last check. */
const quietCpuShare = 0.05;

/**
 * Collects all garbage and shrinks V8's heaps. Node 20's V8 has no "last resort" collection: a
 * full one is what it can do.
 */
export function collectAll(): void {
  const collect = collector();
  if (Number(process.versions.node.split(".")[0]) > 20) collect({ type: "major", flavor: "last-resort" });
  else collect();
}

/** Collects now, and from then on whenever the process is quiet after it grew; returns the stop. */
export function startCollectingAtRest(): () => void {
  collectAll();
  let restBytes = process.memoryUsage.rss();
  let cpu = process.cpuUsage();
  const timer = setInterval(() => {
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    const quiet = (used.user + used.system) / 1000 < checkEveryMs * quietCpuShare;
    if (!quiet || process.memoryUsage.rss() < restBytes + growthBytes) return;
    collectAll();
    restBytes = process.memoryUsage.rss();
    // The collection's own CPU does not make the next check busy.
    cpu = process.cpuUsage();
  }, checkEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}
