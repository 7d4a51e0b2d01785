import type { Server } from "node:http";
import { Server as NetServer } from "node:net";

// How `npm start` stops its front server (SIGTERM) without resetting a connection it has accepted.

// net's close: stops accepting, without http's closing of the connections that look idle (one may
// have a request on its way, which would be reset).
const netServerClose = NetServer.prototype.close;

/**
 * Closes the listening socket at once, then waits for every connection to close, up to `graceMs`;
 * what is left then is cut. Connections with nothing in flight are not closed at once: they close
 * after their keep-alive timeout, as idle connections always do, and any still open after it are
 * closed then.
 */
export function stopServer(
  server: Server,
  options: { graceMs: number; keepAliveTimeoutMs: number },
): Promise<void> {
  return new Promise((resolve) => {
    const idleSweep = setTimeout(() => server.closeIdleConnections(), options.keepAliveTimeoutMs + 1_000);
    const done = () => {
      clearTimeout(idleSweep);
      clearTimeout(cut);
      resolve();
    };
    const cut = setTimeout(() => {
      server.closeAllConnections();
      done();
    }, options.graceMs);
    netServerClose.call(server, done);
  });
}
