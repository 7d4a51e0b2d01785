// The connecting address of a request, as the front server saw it on the socket. The front server
// (scripts/start.ts) overwrites this header on every request, so a client cannot set it; under any
// other server (`next dev`, a serverless platform) the header means nothing and is ignored.
const key = Symbol.for("notes.front-server");
const store = globalThis as unknown as { [key]?: true };

export const socketAddressHeader = "x-notes-socket-address";

export function markFrontServer(): void {
  store[key] = true;
}

/** Whether our front server (`npm start`) serves this process, rather than `next start` or a platform. */
export function isBehindFrontServer(): boolean {
  return store[key] === true;
}

/** The socket address stamped by our front server, or undefined when it is not in front. */
export function socketAddress(headers: Headers): string | undefined {
  if (!isBehindFrontServer()) return undefined;
  return headers.get(socketAddressHeader) ?? undefined;
}
