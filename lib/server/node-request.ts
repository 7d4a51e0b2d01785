import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import type { ApiRequest, HeaderLookup } from "../http/api-request";

// The request a direct route's handler gets from the front server: Node's own request seen as an
// ApiRequest. A Web `Request` built for it copied every header into a `Headers`, made an
// AbortSignal, and wrapped the body in a stream whether or not the handler read it; these read
// Node's parsed headers where they are and make the body's stream only when the handler asks.

/**
 * Node's headers as `Headers.get` answers them. Node has already lower-cased the names, joined the
 * repeats of a header (`cookie` with "; ", the others with ", ") and kept one of those that may
 * appear once; only `set-cookie` stays a list, which `Headers.get` joins with ", ".
 */
class NodeHeaders implements HeaderLookup {
  constructor(private readonly headers: IncomingHttpHeaders) {}

  get(name: string): string | null {
    const value = this.headers[name.toLowerCase()];
    if (value === undefined) return null;
    return typeof value === "string" ? value : value.join(", ");
  }

  has(name: string): boolean {
    return this.headers[name.toLowerCase()] !== undefined;
  }
}

/**
 * The request body as a web stream that never destroys the connection: a handler that stops reading
 * (a body over the size limit) leaves the rest to be drained, so its answer still reaches the client.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let open = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on("data", (chunk: Buffer) => {
        if (!open) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.once("end", () => {
        if (open) controller.close();
        open = false;
      });
      req.once("error", (error) => {
        if (open) controller.error(error);
        open = false;
      });
      req.pause();
    },
    pull() {
      req.resume();
    },
    cancel() {
      open = false;
      req.resume();
    },
  });
}

/**
 * The whole body straight from Node's stream, without a web stream around it: on Node 24 the
 * stream a JSON body was read through had the scavenger promote every request's objects
 * (docs/benchmarks.md). Over `maxBytes` it stops listening at once and leaves the rest, which the
 * front server drains after the answer.
 */
function readBody(req: IncomingMessage, maxBytes: number): Promise<Uint8Array | "too_large"> {
  const gone = () => new Error("The client left before the request body ended.");
  return new Promise((resolve, reject) => {
    if (req.destroyed) return reject(gone());
    const chunks: Buffer[] = [];
    let total = 0;
    const stop = () => {
      req.removeListener("data", onData);
      req.removeListener("end", onEnd);
      req.removeListener("error", onGone);
      req.removeListener("close", onGone);
    };
    function onData(chunk: Buffer) {
      total += chunk.byteLength;
      if (total <= maxBytes) return void chunks.push(chunk);
      stop();
      resolve("too_large");
    }
    function onEnd() {
      stop();
      resolve(Buffer.concat(chunks, total));
    }
    function onGone() {
      stop();
      reject(gone());
    }
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", onGone);
    req.once("close", onGone);
  });
}

class NodeRequest implements ApiRequest {
  readonly method: string;
  readonly headers: NodeHeaders;
  private stream: ReadableStream<Uint8Array> | null | undefined;

  constructor(
    private readonly req: IncomingMessage,
    private readonly host: string,
  ) {
    this.method = req.method ?? "GET";
    this.headers = new NodeHeaders(req.headers);
  }

  /**
   * As Next.js reports it: this server's own host and port, and https when X-Forwarded-Proto says
   * so. Made when asked, as most handlers never ask.
   */
  get url(): string {
    const scheme = String(this.req.headers["x-forwarded-proto"] ?? "").includes("https") ? "https" : "http";
    return `${scheme}://${this.host}${this.req.url}`;
  }

  /** As a `Request`'s: null for GET and HEAD, a stream of the body (maybe empty) for the rest. */
  get body(): ReadableStream<Uint8Array> | null {
    if (this.stream === undefined) {
      const hasBody = this.method !== "GET" && this.method !== "HEAD";
      this.stream = hasBody ? bodyStream(this.req) : null;
    }
    return this.stream;
  }

  bodyBytes(maxBytes: number): Promise<Uint8Array | "too_large"> {
    if (this.method === "GET" || this.method === "HEAD") return Promise.resolve(new Uint8Array(0));
    return readBody(this.req, maxBytes);
  }
}

/** The request as Next.js would hand it to the handler; `host` is this server's. */
export function nodeRequest(req: IncomingMessage, host: string): ApiRequest {
  return new NodeRequest(req, host);
}
