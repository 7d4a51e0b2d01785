import type { Server } from "node:http";
import type { Socket } from "node:net";
import { normalizeAddress } from "../rate-limit/client-identifier";

// How many connections the front server keeps open, in all and per client address, and which one
// gives way when a new one would go over a cap. Node's own `maxConnections` closes the new
// connection: a few hundred sockets that connect and send nothing (and reconnect when closed) then
// keep every other client out until the headers timeout closes them. Here the connection that gives
// way is the one that has waited longest for a request (it has sent none yet, or is idle between
// keep-alive requests); a new connection is closed only when every open one it could replace has a
// request in flight. An idle connection holds no work, and its client reconnects if it needs one.
//
// The address is the socket's (an IPv6 client's /64, as for rate limits), never a forwarded header:
// behind a proxy every connection is the proxy's, so the per-address cap must then allow for the
// proxy's own connections (lib/env.ts sets its default so).

export type ConnectionLimits = { maxConnections: number; maxConnectionsPerAddress: number };

type Connection = { socket: Socket; address: string; requestsInFlight: number; open: boolean };

/** Connections waiting for a request, longest first: one is re-added each time it starts waiting. */
type WaitingLine = Set<Connection>;

export function limitConnections(server: Server, limits: ConnectionLimits): void {
  const connections = new WeakMap<Socket, Connection>();
  const waiting: WaitingLine = new Set();
  const waitingByAddress = new Map<string, WaitingLine>();
  const openByAddress = new Map<string, number>();
  let open = 0;

  const stopWaiting = (connection: Connection) => {
    waiting.delete(connection);
    const line = waitingByAddress.get(connection.address);
    line?.delete(connection);
    if (line?.size === 0) waitingByAddress.delete(connection.address);
  };
  const startWaiting = (connection: Connection) => {
    stopWaiting(connection);
    waiting.add(connection);
    const line = waitingByAddress.get(connection.address) ?? new Set();
    waitingByAddress.set(connection.address, line.add(connection));
  };
  // Counted out at once, not on the socket's `close` (a turn later), so that the connection that
  // replaces it finds the room it made.
  const forget = (connection: Connection) => {
    if (!connection.open) return;
    connection.open = false;
    stopWaiting(connection);
    open -= 1;
    const left = (openByAddress.get(connection.address) ?? 1) - 1;
    if (left > 0) openByAddress.set(connection.address, left);
    else openByAddress.delete(connection.address);
  };
  /** Closes the longest-waiting connection of `line`; false when there is none. */
  const closeLongestWaiting = (line: WaitingLine | undefined): boolean => {
    const longest = line?.values().next().value;
    if (!longest) return false;
    forget(longest);
    longest.socket.destroy();
    return true;
  };
  const makeRoom = (address: string): boolean =>
    ((openByAddress.get(address) ?? 0) < limits.maxConnectionsPerAddress ||
      closeLongestWaiting(waitingByAddress.get(address))) &&
    (open < limits.maxConnections || closeLongestWaiting(waiting));

  server.on("connection", (socket: Socket) => {
    const address = normalizeAddress(socket.remoteAddress ?? "") ?? "unknown";
    if (!makeRoom(address)) {
      socket.destroy();
      return;
    }
    const connection: Connection = { socket, address, requestsInFlight: 0, open: true };
    connections.set(socket, connection);
    open += 1;
    openByAddress.set(address, (openByAddress.get(address) ?? 0) + 1);
    startWaiting(connection);
    socket.once("close", () => forget(connection));
  });

  server.on("request", (req, res) => {
    const connection = connections.get(req.socket);
    if (!connection?.open) return;
    connection.requestsInFlight += 1;
    stopWaiting(connection);
    res.once("close", () => {
      connection.requestsInFlight -= 1;
      if (connection.requestsInFlight === 0 && connection.open) startWaiting(connection);
    });
  });
}

/**
 * Closes a connection that sends no request within `timeoutMs` of opening. Node's headers timeout
 * starts at a request's first byte, so a connection that never sends one was left open for good
 * (until the caps above made it give way). Here the socket's idle timer runs from the connection
 * until its first request arrives; Node closes a socket whose timer fires when nothing else listens
 * for it. From the first request on, Node's own timeouts (headers, request, keep-alive) apply.
 */
export function closeSilentConnections(server: Server, timeoutMs: number): void {
  const served = new WeakSet<Socket>();
  server.on("connection", (socket: Socket) => socket.setTimeout(timeoutMs));
  server.on("request", (req) => {
    if (served.has(req.socket)) return;
    served.add(req.socket);
    req.socket.setTimeout(0);
  });
}
