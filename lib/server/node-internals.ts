import type { IncomingMessage } from "node:http";

// The one place that reaches into how Node's HTTP server fills a request's body: its parser hands
// each piece of the body to the request with `push`, and `push(null)` at its end, and nothing
// reads the request before the request handler runs. That is not a documented interface, so
// node-internals.test.ts checks it on a real server: a Node upgrade that changes it fails there
// with a message naming the version.

export type BodyInterception = {
  /** Each piece of the body as the parser delivers it, before any reader can see it. */
  piece: (chunk: Buffer) => void;
  /** The body has all arrived: returns the pieces readers then get, followed by the body's end. */
  end: () => Buffer[];
};

/**
 * Takes the pieces of `req`'s body from Node's HTTP parser until its end, without consuming the
 * stream: readers get what `end` returns. Call it in the request handler, before anything reads.
 */
export function interceptParsedBody(req: IncomingMessage, { piece, end }: BodyInterception): void {
  const push = req.push.bind(req);
  req.push = (chunk: Buffer | null) => {
    if (chunk !== null) {
      piece(chunk);
      return true;
    }
    req.push = push;
    for (const part of end()) push(part);
    return push(null);
  };
}
