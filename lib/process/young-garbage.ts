import "server-only";
import v8 from "node:v8";
import vm from "node:vm";
import { processSingleton } from "./process-singleton";

// A file moving through the server leaves a buffer or two per chunk behind (the socket's reads, the
// chunk itself), memory outside V8's heap that dies young. V8 frees it only when it collects, and it
// collects the young generation when that fills with objects, which these buffers barely do: Node 24
// let hundreds of MiB of them wait (docs/benchmarks.md). So transfers count the bytes they move and
// ask for a young-generation collection (a scavenge, under a millisecond, no full collection) every
// `collectEveryBytes`. Nothing else calls it: the text paths pay nothing.

/** Bytes moved between two scavenges: an upload leaves about four times as much garbage waiting. */
const collectEveryBytes = 2 * 1024 * 1024;

type Collect = (options: { type: "minor" }) => void;

const pacing = processSingleton("young-garbage", () => ({ moved: 0, collect: null as Collect | null }));

/** V8's collector, reached once without exposing `gc` to this or any later context. */
function collector(): Collect {
  if (!pacing.collect) {
    v8.setFlagsFromString("--expose-gc");
    pacing.collect = vm.runInNewContext("gc") as Collect;
    v8.setFlagsFromString("--no-expose-gc");
  }
  return pacing.collect;
}

/** Counts `bytes` a transfer moved; every `collectEveryBytes` of them, collects the young garbage. */
export function movedBytes(bytes: number): void {
  pacing.moved += bytes;
  if (pacing.moved < collectEveryBytes) return;
  pacing.moved = 0;
  collector()({ type: "minor" });
}
