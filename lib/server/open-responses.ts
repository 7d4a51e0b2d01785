import type { ServerResponse } from "node:http";

// The front server's responses not yet closed, for a drain to tell each to close its connection.
// A linked list, not a Set: on Node 24, a Set that every response joined and left made the
// scavenger promote every request's objects to the old generation (about 4.5 KB per request, each
// scavenge 5–9 ms instead of 1.4, a sixth of a meta request's CPU), which only full collections then
// freed; Node 20 showed nothing of the kind (docs/benchmarks.md). A list keeps no table behind.

type Entry = { response: ServerResponse; previous: Entry | null; next: Entry | null };

export class OpenResponses {
  private first: Entry | null = null;

  /** Adds `response`; the function returned takes it out again (a second call does nothing). */
  add(response: ServerResponse): () => void {
    const entry: Entry = { response, previous: null, next: this.first };
    if (this.first) this.first.previous = entry;
    this.first = entry;
    return () => {
      if (entry.previous) entry.previous.next = entry.next;
      else if (this.first === entry) this.first = entry.next;
      else return;
      if (entry.next) entry.next.previous = entry.previous;
      entry.previous = null;
      entry.next = null;
    };
  }

  /** The responses still open, newest first. */
  *[Symbol.iterator](): Iterator<ServerResponse> {
    for (let entry = this.first; entry; entry = entry.next) yield entry.response;
  }
}
