import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { isMetricsRequest, serveMetrics } from "../metrics/metrics-endpoint";
import { recordRequest } from "../metrics/request-metrics";
import { errorFields } from "../process/describe-error";
import { writeLogFields, writeLogLine } from "../process/log-line";
import { matchRoute, type RouteMatch } from "../routes/match-route";
import { socketAddressHeader } from "./client-socket";
import { closeSilentConnections, limitConnections } from "./connection-limits";
import { OpenResponses } from "./open-responses";
import { checkRequestBody, defaultBodyLimit } from "./request-body-limit";
import { originForm } from "./request-target";
import { refuseRequest } from "./send-response";
import { stopServer } from "./stop-server";

// The HTTP server in front of Next.js's request handler (`npm start`). Next's own server cannot
// tell a client's address from a forwarded header the client made up, has no per-request log or
// metrics and no graceful stop; this adds those and deliberate limits on slow and idle clients.

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** A handler given what the front server matched the request's path to (lib/routes/match-route.ts). */
export type MatchedRequestHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  match: RouteMatch,
) => Promise<void>;

export const requestIdHeader = "x-request-id";

/**
 * Logs and counts a request once it is over (answered, or the client left). The line is written out
 * by hand: its route is a declared pattern, its id is a UUID and its numbers are numbers, so only
 * the method needs quoting.
 */
function finishRequest(
  req: IncomingMessage,
  res: ServerResponse,
  route: string,
  requestId: string,
  started: bigint,
) {
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  // No status when the client left before any answer was sent.
  const status = res.headersSent ? res.statusCode : null;
  recordRequest({ route, method: req.method, status, seconds });
  writeLogFields(
    `"level":"info","msg":"request","method":${JSON.stringify(req.method ?? "")},"route":"${route}",` +
      `"status":${status},"duration_ms":${Math.round(seconds * 1e5) / 100},"request_id":"${requestId}"` +
      (res.writableFinished ? "" : ',"aborted":true'),
  );
}

export type FrontServerLimits = {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
  maxConnectionsPerAddress: number;
};

/**
 * How often Node looks for requests past their headers or request timeout. Its default, 30 s, let
 * a 10 s headers timeout close a slow client after up to 40 s; this holds each within half a
 * second. (The keep-alive timeout is a timer of its own on each idle connection.)
 */
const timeoutCheckIntervalMs = 500;

export type FrontServer = {
  server: Server;
  /**
   * Answers as usual for `delayMs`, each answer closing its connection (so that a client behind a
   * load balancer reconnects to another instance), then stops accepting, answers every request on
   * the connections it has accepted, in flight or still arriving, and resolves when every
   * connection has closed (lib/server/stop-server.ts).
   */
  drain: (options: { graceMs: number; delayMs: number }) => Promise<void>;
};

export function createFrontServer(handle: MatchedRequestHandler, limits: FrontServerLimits): FrontServer {
  let draining = false;
  const unanswered = new OpenResponses();
  const run = (req: IncomingMessage, res: ServerResponse, match: RouteMatch, requestId: string) =>
    handle(req, res, match).catch((error: unknown) => {
      writeLogLine({
        level: "error",
        msg: "request handler failed",
        request_id: requestId,
        ...errorFields(error),
      });
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      res.end();
    });
  const server = createServer({ connectionsCheckingInterval: timeoutCheckIntervalMs }, (req, res) => {
    // Every answer, from any route or from this server itself, declares its type for good.
    res.setHeader("x-content-type-options", "nosniff");
    const target = originForm(req.url ?? "/");
    if (target !== null) req.url = target;
    if (isMetricsRequest(req)) return void serveMetrics(req, res);
    // The one match of the path: every step below, and the log line, read it.
    const match = matchRoute((target ?? req.url ?? "/").split("?", 1)[0] ?? "/");
    const started = process.hrtime.bigint();
    const requestId = randomUUID();
    req.headers[requestIdHeader] = requestId;
    req.headers[socketAddressHeader] = req.socket.remoteAddress ?? "";
    res.setHeader(requestIdHeader, requestId);
    if (draining) res.setHeader("connection", "close");
    const answered = unanswered.add(res);
    res.once("close", () => {
      answered();
      finishRequest(req, res, match.name, requestId, started);
    });
    if (target === null) {
      res.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
      return void res.end("Bad request: the request target is neither a path nor an http(s) URL.\n");
    }
    const limit = match.route?.bodyLimit ?? defaultBodyLimit;
    const refuseTooLarge = () =>
      refuseRequest(res, match.pathname, {
        apiError: limit.refusal(),
        status: 413,
        text: `Payload too large: the request body is over ${limit.maxBytes} bytes.`,
      });
    const body = checkRequestBody(req, limit.maxBytes);
    if (body === "within") return void run(req, res, match, requestId);
    if (body === "too_large") return void refuseTooLarge();
    void body.then((outcome) => {
      if (outcome === "within") void run(req, res, match, requestId);
      else if (outcome === "too_large") void refuseTooLarge();
    });
  });
  // Slow or idle clients cannot hold connections for long, and their number is capped
  // (docs/operations.md, "Running it").
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  closeSilentConnections(server, limits.headersTimeoutMs);
  limitConnections(server, limits);

  return {
    server,
    drain: async ({ graceMs, delayMs }) => {
      draining = true;
      // Each keep-alive connection closes after the answer it is working on: that answer, and any
      // later one on it, says `Connection: close`.
      for (const res of unanswered) if (!res.headersSent) res.setHeader("connection", "close");
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      // The listening socket closes as soon as the connections the kernel queued are accepted
      // (stop-server.ts); they are answered as above. A keep-alive client told to close then finds
      // new connections refused.
      return stopServer(server, { graceMs, keepAliveTimeoutMs: limits.keepAliveTimeoutMs });
    },
  };
}
