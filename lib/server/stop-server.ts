import type { Server } from "node:http";
import { Server as NetServer, type Socket } from "node:net";

// How `npm start` stops its front server (SIGTERM) without resetting anyone's connection.

// net's close: stops accepting, without http's closing of the connections that look idle (one may
// have a request on its way, which would be reset).
const netServerClose = NetServer.prototype.close;

/**
 * How long answers are held back before the listening socket closes. Closing it resets every
 * connection the kernel has queued but the server not yet accepted; clients connect again right
 * after an answer (keep-alive ones too, once told `Connection: close`), so while answers flow,
 * some connection is always on its way. Held back for this long, no answer prompts a new
 * connection, and the event loop accepts every connection already on its way.
 */
const holdAnswersMs = 50;

/**
 * Stops accepting, then waits for every connection to close, up to `graceMs`; what is left then
 * is cut. Connections with nothing in flight are not closed at once; they close after their
 * keep-alive timeout, as idle connections always do, and any still open after it are closed then.
 */
export function stopServer(
  server: Server,
  sockets: Set<Socket>,
  options: { graceMs: number; keepAliveTimeoutMs: number; stoppedAccepting: () => void },
): Promise<void> {
  return new Promise((resolve) => {
    const held = new Set<Socket>();
    const hold = (socket: Socket) => {
      socket.cork();
      held.add(socket);
    };
    for (const socket of sockets) hold(socket);
    server.on("connection", hold);

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
    setTimeout(() => {
      server.off("connection", hold);
      netServerClose.call(server, done);
      options.stoppedAccepting();
      for (const socket of held) socket.uncork();
    }, holdAnswersMs);
  });
}
