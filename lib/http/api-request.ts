// What an API route handler reads of a request. Next.js hands a route a Web `Request`, which has all
// of it; the front server hands the direct routes a lighter object over Node's own request
// (lib/server/node-request.ts), which skips what a `Request` builds and the handlers never read: a
// copy of every header, an AbortSignal, a parsed URL and a body stream when nothing reads the body.

/** The header reads handlers make: names in any case, values as a `Headers` joins them. */
export type HeaderLookup = Pick<Headers, "get" | "has">;

export type ApiRequest = {
  readonly method: string;
  /** The absolute URL, as Next.js reports it: this server's own origin, and the path and query. */
  readonly url: string;
  readonly headers: HeaderLookup;
  readonly body: ReadableStream<Uint8Array> | null;
  /**
   * The whole body, or "too_large" as soon as it goes over `maxBytes` (the rest is left unread);
   * rejects when the client leaves before the end. The front server's requests read it straight
   * from Node's stream (lib/server/node-request.ts); without it, readJsonBody reads `body`.
   */
  readonly bodyBytes?: (maxBytes: number) => Promise<Uint8Array | "too_large">;
};
