import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { isMetricsRequest, serveMetrics } from "../metrics/metrics-endpoint";
import { recordRequest } from "../metrics/request-metrics";
import { describeError } from "../process/describe-error";
import { writeLogLine } from "../process/log-line";
import { socketAddressHeader } from "./client-socket";
import { requestRoute } from "./request-route";

// The HTTP server in front of Next.js's request handler (`npm start`). Next's own server cannot
// tell a client's address from a forwarded header the client made up, has no per-request log or
// metrics and no graceful stop; this adds those and nothing else.

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

export function createFrontServer(handle: RequestHandler): Server {
  return createServer((req, res) => {
    if (isMetricsRequest(req)) return void serveMetrics(req, res);
    const started = process.hrtime.bigint();
    const requestId = randomUUID();
    req.headers[requestIdHeader] = requestId;
    req.headers[socketAddressHeader] = req.socket.remoteAddress ?? "";
    res.setHeader(requestIdHeader, requestId);
    res.once("close", () => finishRequest(req, res, requestId, started));
    handle(req, res).catch((error: unknown) => {
      console.error(`Request handler failed (request ${requestId}): ${describeError(error)}`);
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      res.end();
    });
  });
}

/**
 * Stops accepting connections, lets requests in flight finish (closing idle keep-alive connections
 * at once), and resolves when all are done or after `graceMs`, whichever comes first.
 */
export function drainServer(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.closeAllConnections();
      resolve();
    }, graceMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}
