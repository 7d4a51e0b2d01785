import type { Server } from "node:http";
import { Server as NetServer } from "node:net";
import { acceptQueueLength } from "./accept-queue";

// How `npm start` stops its front server (SIGTERM) without resetting a connection it has accepted,
// nor one the kernel has queued for it.

// net's close: stops accepting, without http's closing of the connections that look idle (one may
// have a request on its way, which would be reset).
const netServerClose = NetServer.prototype.close;

/**
 * Under a steady stream of new connections the accept queue may never be empty: the listening socket
 * is closed after this long however many wait, so that the server stops taking new work. Behind a
 * load balancer, which stops sending once health says "draining" (SHUTDOWN_DELAY_MS), it is empty.
 */
const maxQueueWaitMs = 1_000;

/**
 * Closes the listening socket once its accept queue is empty (or after `maxQueueWaitMs`), then
 * waits for every connection to close, up to `graceMs`; what is left then is cut. Closing a
 * listening socket resets every connection still queued on it, and Node accepts about one per turn
 * of the event loop, so the queue is read on each turn and the socket closed, in the same
 * synchronous step, on the first turn that finds it empty (connections accepted meanwhile are
 * answered like the others). Connections
 * with nothing in flight are not closed at once: they close after their keep-alive timeout, as idle
 * connections always do, and any still open after it are closed then.
 */
export function stopServer(
  server: Server,
  options: { graceMs: number; keepAliveTimeoutMs: number },
): Promise<void> {
  return new Promise((resolve) => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    let listenerClosed = false;
    const idleSweep = setTimeout(() => server.closeIdleConnections(), options.keepAliveTimeoutMs + 1_000);
    const done = () => {
      clearTimeout(idleSweep);
      clearTimeout(cut);
      resolve();
    };
    const closeListener = () => {
      if (listenerClosed) return;
      listenerClosed = true;
      netServerClose.call(server, done);
    };
    const queueDeadline = Date.now() + Math.min(maxQueueWaitMs, options.graceMs);
    const closeWhenQueueEmpty = () => {
      if (listenerClosed) return;
      if (acceptQueueLength(port) > 0 && Date.now() < queueDeadline) setImmediate(closeWhenQueueEmpty);
      else closeListener();
    };
    const cut = setTimeout(() => {
      closeListener();
      server.closeAllConnections();
      done();
    }, options.graceMs);
    closeWhenQueueEmpty();
  });
}
