import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { describeError } from "../process/describe-error";
import { writeLogLine } from "../process/log-line";
import { socketAddressHeader } from "./client-socket";
import { requestRoute } from "./request-route";

// The HTTP server in front of Next.js's request handler (`npm start`). Next's own server cannot
// tell a client's address from a forwarded header the client made up, has no per-request log and
// no graceful stop; this adds those three and nothing else.

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export const requestIdHeader = "x-request-id";

function logRequest(req: IncomingMessage, res: ServerResponse, requestId: string, started: bigint) {
  writeLogLine({
    level: "info",
    msg: "request",
    method: req.method,
    route: requestRoute((req.url ?? "/").split("?", 1)[0] ?? "/"),
    // No status when the client left before any answer was sent.
    status: res.headersSent ? res.statusCode : null,
    duration_ms: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
    request_id: requestId,
    ...(res.writableFinished ? {} : { aborted: true }),
  });
}

export function createFrontServer(handle: RequestHandler): Server {
  return createServer((req, res) => {
    const started = process.hrtime.bigint();
    const requestId = randomUUID();
    req.headers[requestIdHeader] = requestId;
    req.headers[socketAddressHeader] = req.socket.remoteAddress ?? "";
    res.setHeader(requestIdHeader, requestId);
    res.once("close", () => logRequest(req, res, requestId, started));
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
