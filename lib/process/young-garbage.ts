import "server-only";
import v8 from "node:v8";
import vm from "node:vm";
import { processSingleton } from "./process-singleton";
import { MiB } from "../byte-units";

// A file moving through the server leaves a buffer or two per chunk behind (the socket's reads, the
// chunk itself), memory outside V8's heap that dies young. V8 frees it only when it collects, and it
// collects the young generation when that fills with objects, which these buffers barely do: Node 24
// let hundreds of MiB of them wait (docs/benchmarks.md). So transfers count the bytes they move and
// ask for a young-generation collection (a scavenge, under a millisecond, no full collection) every
// `collectEveryBytes`. Nothing else calls it: the text paths pay nothing.
//
// A buffer still in use during two scavenges is moved to the old generation, which only a full
// collection frees, and V8 starts one by itself only once 64 MB more of such memory is waiting:
// on Node 24 that was most of a 1 GiB transfer's peak. So when the buffers outside the heap have
// grown by `fullCollectionBytes` since the last full collection as a scavenge is due, the
// collection is a full one instead (30–110 ms; two in a 1 GiB upload and download,
// docs/benchmarks.md). A lower limit ran one every few MiB and slowed downloads by a fifth. Growth,
// not the total: many transfers at once hold more in use, which a full collection cannot free.

/** Bytes moved between two scavenges: an upload leaves about four times as much garbage waiting. */
const collectEveryBytes = 2 * MiB;
/** Growth of the memory outside V8's heap since the last full collection that makes the next one full. */
export const fullCollectionBytes = 32 * MiB;

/**
 * V8's `gc`: with no argument a full collection, with `{ type: "minor" }` a scavenge, and with
 * `{ type: "major", flavor: "last-resort" }` the collection V8 runs before it gives up on memory.
 * (Node 20's V8 reads `{ type: "major" }` as a scavenge too, so a full one is asked for with no
 * argument.)
 */
type Collect = (options?: { type: "minor" } | { type: "major"; flavor: "last-resort" }) => void;

const pacing = processSingleton("young-garbage", () => ({
  moved: 0,
  collect: null as Collect | null,
  /** what a full collection left outside the heap, plus the growth allowed */
  fullAbove: fullCollectionBytes,
}));

/** V8's collector, reached once without exposing `gc` to this or any later context. */
export function collector(): Collect {
  if (!pacing.collect) {
    v8.setFlagsFromString("--expose-gc");
    pacing.collect = vm.runInNewContext("gc") as Collect;
    v8.setFlagsFromString("--no-expose-gc");
  }
  return pacing.collect;
}

/**
 * Counts `bytes` a transfer moved; every `collectEveryBytes` of them, collects the young garbage,
 * or all of it when too much waits outside the heap.
 */
export function movedBytes(bytes: number): void {
  pacing.moved += bytes;
  if (pacing.moved < collectEveryBytes) return;
  pacing.moved = 0;
  const collect = collector();
  if (process.memoryUsage().arrayBuffers <= pacing.fullAbove) return collect({ type: "minor" });
  collect();
  pacing.fullAbove = process.memoryUsage().arrayBuffers + fullCollectionBytes;
}
