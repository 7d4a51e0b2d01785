import "server-only";
import { MiB } from "../byte-units";
import { collector } from "./young-garbage";

// What V8 grows for a burst of work stays with the process once the burst is over: start-up
// (migrations, and on the embedded database its initdb) and the first requests (the routes and
// pages they load, a render) leave garbage that only a full collection frees, which nothing starts
// at rest, and a young generation sized for the burst. So the process collects everything once
// start-up is done, and again once it has rested half a minute after it grew: V8's "last resort"
// collection, which also shrinks the young generation and hands free pages back to the system (a
// few hundred milliseconds of one core, docs/benchmarks.md). Under load the process never rests, so
// it never runs there. Two seconds' quiet was enough at first, but traffic in bursts seconds apart
// then paid the collection and a young generation grown again at every burst (read and meta
// 10–15 points of the floor slower under the bench's short rounds).

/** How often the process looks at its memory and CPU. */
const checkEveryMs = 2000;
/** Growth of the resident memory since the last collection that is worth collecting. */
const growthBytes = 16 * MiB;
/** The share of one core under which the process counts as quiet over the last check. */
const quietCpuShare = 0.05;
/** How long the process must have been quiet, check after check, before it collects. */
export const restMs = 30_000;

/**
 * Collects all garbage and shrinks V8's heaps. Node 20's V8 has no "last resort" collection: a
 * full one is what it can do.
 */
export function collectAll(): void {
  const collect = collector();
  if (Number(process.versions.node.split(".")[0]) > 20) collect({ type: "major", flavor: "last-resort" });
  else collect();
}

/**
 * Collects now, and from then on whenever the process has rested `restMs` after it grew; returns the
 * stop. `collect` is the collection (tests count the calls).
 */
export function startCollectingAtRest(collect: () => void = collectAll): () => void {
  collect();
  let restBytes = process.memoryUsage.rss();
  let cpu = process.cpuUsage();
  let quietMs = 0;
  const timer = setInterval(() => {
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    const quiet = (used.user + used.system) / 1000 < checkEveryMs * quietCpuShare;
    quietMs = quiet ? quietMs + checkEveryMs : 0;
    if (quietMs < restMs || process.memoryUsage.rss() < restBytes + growthBytes) return;
    collect();
    restBytes = process.memoryUsage.rss();
    // The collection's own CPU does not make the next check busy.
    cpu = process.cpuUsage();
  }, checkEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}
