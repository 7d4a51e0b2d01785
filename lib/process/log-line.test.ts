import { once } from "node:events";
import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { databaseStillOpening } from "../db/database-unavailable";
import { env } from "../env";
import { ApiAnswer } from "../http/api-answer";
import { toErrorResponse } from "../http/respond";
import { serveMetrics } from "../metrics/metrics-endpoint";
import { metrics } from "../metrics/metrics";
import { clientIdentifier } from "../rate-limit/client-identifier";
import { createFrontServer } from "../server/front-server";
import { sendAnswer } from "../server/send-response";
import { logLinesOf } from "../test/log-lines";
import { onFatalError, reportFatalError } from "./fatal-error";
import { writeLogLine } from "./log-line";
import { onShutdown, runShutdownHooks } from "./shutdown-hooks";

// Every line the server logs while it runs is one JSON object with a time, a level and a message,
// written to stdout by log-line.ts; an error is given by its class, code and stack frames, never
// its message (which can quote a note's text or a key). Each logger below once wrote free text.

const secret = `secret-${Math.random().toString(36).slice(2)}`;
const failure = () => new TypeError(`cannot read ${secret}`);
const frames = expect.arrayContaining([expect.stringMatching(/^at .*log-line\.test\.ts/)]);

/** Serves one request with `listener` on a loopback port; the answer's status, or null if cut. */
async function requestOnce(listener: RequestListener | ReturnType<typeof createServer>) {
  const server = typeof listener === "function" ? createServer(listener) : listener;
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  try {
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { authorization: "Bearer t" } });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  } finally {
    // Closed with every connection, so that the request's own line is written by now.
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("the log", () => {
  it("writes one JSON object per line, the time first", async () => {
    const lines = await logLinesOf(() => writeLogLine({ level: "info", msg: "hello", n: 1 }));
    expect(lines).toEqual([{ level: "info", msg: "hello", n: 1 }]);
  });

  it("logs a failed request handler with the request's id and the error as fields", async () => {
    const limits = {
      headersTimeoutMs: 5000,
      requestTimeoutMs: 5000,
      keepAliveTimeoutMs: 1000,
      maxConnections: 10,
      maxConnectionsPerAddress: 10,
    };
    const front = createFrontServer(() => Promise.reject(failure()), limits);
    const lines = await logLinesOf(async () => expect(await requestOnce(front.server)).toBe(500));
    const [failed, request] = lines;
    expect(failed).toEqual({
      level: "error",
      msg: "request handler failed",
      request_id: request?.request_id,
      error: "TypeError",
      stack: frames,
    });
    expect(request).toMatchObject({ level: "info", msg: "request", status: 500 });
    expect(JSON.stringify(lines)).not.toContain(secret);
  });

  it("logs a streamed answer that fails by the error's class", async () => {
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new Uint8Array([1])),
      pull: (controller) => controller.error(failure()),
    });
    const lines = await logLinesOf(async () => {
      expect(await requestOnce((_req, res) => void sendAnswer(res, new ApiAnswer(body)))).toBeNull();
    });
    expect(lines).toEqual([{ level: "error", msg: "a streamed response failed", error: "TypeError" }]);
  });

  it("logs metrics that cannot be collected", async () => {
    Object.assign(env, { METRICS_TOKEN: "t" });
    metrics.registry.metrics = () => Promise.reject(failure());
    const lines = await logLinesOf(async () => {
      expect(await requestOnce((req, res) => void serveMetrics(req, res))).toBe(500);
    });
    expect(lines).toEqual([
      { level: "error", msg: "collecting metrics failed", error: "TypeError", stack: frames },
    ]);
  });

  it("logs an unhandled error and an unavailable database by route, method and request id", async () => {
    const lines = await logLinesOf(() => {
      expect(toErrorResponse(failure(), "POST /api/v1/shares", "id-1").status).toBe(500);
      expect(toErrorResponse(databaseStillOpening(), "GET /api/v1/health").status).toBe(503);
    });
    expect(lines).toEqual([
      {
        level: "error",
        msg: "unhandled error",
        method: "POST",
        route: "/api/v1/shares",
        request_id: "id-1",
        error: "TypeError",
        stack: frames,
      },
      {
        level: "error",
        msg: "database unavailable",
        method: "GET",
        route: "/api/v1/health",
        error: "Error (code NOTES_DATABASE_STILL_OPENING)",
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain(secret);
  });

  it("logs a failing shutdown step and goes on with the next", async () => {
    const steps: string[] = [];
    onShutdown(() => void steps.push("first"));
    onShutdown(() => Promise.reject(failure()));
    const lines = await logLinesOf(runShutdownHooks);
    expect(steps).toEqual(["first"]);
    expect(lines).toEqual([
      { level: "error", msg: "shutdown step failed", error: "TypeError", stack: frames },
    ]);
  });

  it("logs a fatal fault at level fatal before its owner stops the process", async () => {
    const reported: string[] = [];
    onFatalError((line) => reported.push(line));
    const lines = await logLinesOf(() => reportFatalError("The embedded database stopped."));
    expect(lines).toEqual([{ level: "fatal", msg: "The embedded database stopped." }]);
    expect(reported).toEqual(["The embedded database stopped."]);
  });

  it("warns once that a client's address is unknown", async () => {
    const lines = await logLinesOf(() => {
      expect(clientIdentifier(new Headers(), "off")).toBe("unknown");
      expect(clientIdentifier(new Headers(), "off")).toBe("unknown");
    });
    expect(lines).toEqual([
      { level: "warn", msg: expect.stringMatching(/^rate limits: a request's client address is unknown/) },
    ]);
  });
});
