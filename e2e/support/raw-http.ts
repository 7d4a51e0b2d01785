import { connect, type Socket } from "node:net";

// HTTP spoken over a plain socket, for what no HTTP client sends (an absolute URL in the request
// line, a body that never ends, a connection held idle) and for seeing exactly what the server
// answers and when it closes.

type RawAnswer = { status: number; headers: Record<string, string>; body: string };

export type RawConnection = {
  socket: Socket;
  /** Resolves with the next complete answer (Content-Length or chunked body) on this connection. */
  answer: () => Promise<RawAnswer>;
  /** Resolves when the server has closed the connection (or it was reset). */
  closed: Promise<void>;
  /** Everything received so far. */
  received: () => string;
};

/** Parses one complete answer at the start of `text`; null while it is incomplete. */
function parseAnswer(text: string): { answer: RawAnswer; length: number } | null {
  const headEnd = text.indexOf("\r\n\r\n");
  if (headEnd === -1) return null;
  const [statusLine = "", ...lines] = text.slice(0, headEnd).split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(statusLine.split(" ")[1]);
  let rest = text.slice(headEnd + 4);
  if (headers["transfer-encoding"] === "chunked") {
    let body = "";
    let consumed = headEnd + 4;
    for (;;) {
      const sizeEnd = rest.indexOf("\r\n");
      if (sizeEnd === -1) return null;
      const size = Number.parseInt(rest.slice(0, sizeEnd), 16);
      if (rest.length < sizeEnd + 2 + size + 2) return null;
      body += rest.slice(sizeEnd + 2, sizeEnd + 2 + size);
      consumed += sizeEnd + 2 + size + 2;
      rest = rest.slice(sizeEnd + 2 + size + 2);
      if (size === 0) return { answer: { status, headers, body }, length: consumed };
    }
  }
  const length = Number(headers["content-length"] ?? 0);
  if (rest.length < length) return null;
  return { answer: { status, headers, body: rest.slice(0, length) }, length: headEnd + 4 + length };
}

/** A connection to `port` on `host` (from `localAddress` when given). */
export async function rawConnection(
  port: number,
  host = "127.0.0.1",
  localAddress?: string,
): Promise<RawConnection> {
  const socket = connect({ port, host, ...(localAddress ? { localAddress } : {}) });
  let all = "";
  let unread = "";
  let wake: () => void = () => {};
  // One character per byte, so lengths in characters are lengths in bytes.
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => {
    all += chunk;
    unread += chunk;
    wake();
  });
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  closed.then(
    () => wake(),
    () => {},
  );
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  const answer = async (): Promise<RawAnswer> => {
    for (;;) {
      const parsed = parseAnswer(unread);
      if (parsed) {
        unread = unread.slice(parsed.length);
        return parsed.answer;
      }
      if (socket.destroyed)
        throw new Error(`The connection closed before a whole answer: ${JSON.stringify(all)}`);
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  return { socket, answer, closed, received: () => all };
}

/** Whether `promise` settles within `ms`: a bound that stops a wait, never a measure of speed. */
export async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = promise.then(
    () => true as const,
    () => true as const,
  );
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}
