import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { isMetricsRequest, serveMetrics } from "../metrics/metrics-endpoint";
import { recordRequest } from "../metrics/request-metrics";
import { describeError } from "../process/describe-error";
import { writeLogLine } from "../process/log-line";
import { socketAddressHeader } from "./client-socket";
import { stopServer } from "./stop-server";
import { requestRoute } from "./request-route";

// The HTTP server in front of Next.js's request handler (`npm start`). Next's own server cannot
// tell a client's address from a forwarded header the client made up, has no per-request log or
// metrics and no graceful stop; this adds those and deliberate limits on slow and idle clients.

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export const requestIdHeader = "x-request-id";

/** Logs and counts a request once it is over (answered, or the client left). */
function finishRequest(req: IncomingMessage, res: ServerResponse, requestId: string, started: bigint) {
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const route = requestRoute((req.url ?? "/").split("?", 1)[0] ?? "/");
  // No status when the client left before any answer was sent.
  const status = res.headersSent ? res.statusCode : null;
  recordRequest({ route, method: req.method, status, seconds });
  writeLogLine({
    level: "info",
    msg: "request",
    method: req.method,
    route,
    status,
    duration_ms: Math.round(seconds * 1e5) / 100,
    request_id: requestId,
    ...(res.writableFinished ? {} : { aborted: true }),
  });
}

export type FrontServerLimits = {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
};

export type FrontServer = {
  server: Server;
  /**
   * Stops accepting at once, answers every request on the connections it has accepted, in flight
   * or still arriving, and resolves when every connection has closed (lib/server/stop-server.ts).
   */
  drain: (graceMs: number) => Promise<void>;
};

export function createFrontServer(handle: RequestHandler, limits: FrontServerLimits): FrontServer {
  let draining = false;
  const unanswered = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    if (isMetricsRequest(req)) return void serveMetrics(req, res);
    const started = process.hrtime.bigint();
    const requestId = randomUUID();
    req.headers[requestIdHeader] = requestId;
    req.headers[socketAddressHeader] = req.socket.remoteAddress ?? "";
    res.setHeader(requestIdHeader, requestId);
    if (draining) res.setHeader("connection", "close");
    unanswered.add(res);
    res.once("close", () => {
      unanswered.delete(res);
      finishRequest(req, res, requestId, started);
    });
    handle(req, res).catch((error: unknown) => {
      console.error(`Request handler failed (request ${requestId}): ${describeError(error)}`);
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      res.end();
    });
  });
  // Slow or idle clients cannot hold connections for long, and their number is capped
  // (README "Running it"); over the cap, Node closes a new connection as soon as it is accepted.
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxConnections = limits.maxConnections;

  return {
    server,
    drain: (graceMs) => {
      // The listening socket closes as soon as the connections the kernel queued are accepted
      // (stop-server.ts); they are answered as below. A keep-alive client told to close then finds
      // new connections refused.
      const stopped = stopServer(server, { graceMs, keepAliveTimeoutMs: limits.keepAliveTimeoutMs });
      draining = true;
      // Each keep-alive connection closes after the answer it is working on: that answer, and any
      // later one on it, says `Connection: close`.
      for (const res of unanswered) if (!res.headersSent) res.setHeader("connection", "close");
      return stopped;
    },
  };
}
