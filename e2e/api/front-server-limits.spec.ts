import { Agent, get } from "node:http";
import { connect, type Socket } from "node:net";
import { databaseUrl, expect, test } from "../support/fixtures";
import { rawConnection, within } from "../support/raw-http";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";

// The front server's limits on slow and idle clients (lib/server/front-server.ts and
// connection-limits.ts), with real sockets. A bound below ("closed within 3 times the setting")
// stops a wait; it is no measure of speed.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The status of a GET from `localAddress` on a new connection, or the error that ended it. */
function probe(url: string, agent: Agent): Promise<number | string> {
  return new Promise((resolve) => {
    const request = get(url, { agent, timeout: timeouts.readinessProbe }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

test("1,000 idle connections that reconnect from one address leave another address's client served", async () => {
  test.setTimeout(timeouts.serverTest);
  // The defaults: HTTP_MAX_CONNECTIONS 1,000, and 100 per address.
  const server = await startServer({ env: { DATABASE_URL: databaseUrl } });
  const { port } = server;
  const sockets = new Set<Socket>();
  let attacking = true;
  let connections = 0;
  // Each idle socket sends nothing and reconnects as soon as it is closed, within a bound.
  const idleSocket = () => {
    if (!attacking || connections >= 1_000_000) return;
    const socket = connect({ port, host: "127.0.0.1", localAddress: "127.0.0.1" });
    sockets.add(socket);
    socket.on("connect", () => (connections += 1)).on("error", () => {});
    socket.once("close", () => {
      sockets.delete(socket);
      setImmediate(idleSocket);
    });
  };
  const client = new Agent({ keepAlive: false, localAddress: "127.0.0.2" });
  try {
    for (let index = 0; index < 1_000; index += 1) idleSocket();
    await expect.poll(() => connections, { timeout: timeouts.request }).toBeGreaterThanOrEqual(1_000);
    const outcomes: (number | string)[] = [];
    const deadline = Date.now() + timeouts.test;
    while (outcomes.length < 40 && Date.now() < deadline) {
      outcomes.push(await probe(`${server.url}/api/v1/health`, client));
    }
    const answered = outcomes.filter((outcome) => outcome === 200).length;
    test
      .info()
      .annotations.push({ type: "outcomes", description: JSON.stringify({ outcomes, connections }) });
    expect(answered / outcomes.length, JSON.stringify(outcomes)).toBeGreaterThanOrEqual(0.95);
    // The flood was on all along: the idle sockets were being closed and reconnecting.
    expect(connections).toBeGreaterThan(1_000);
  } finally {
    attacking = false;
    for (const socket of sockets) socket.destroy();
    client.destroy();
    await server.stop("SIGKILL");
  }
});

test.describe("timeouts", () => {
  test.describe.configure({ mode: "serial" });
  const limits = { headers: 2_000, request: 3_000, keepAlive: 2_000 };
  let server: ServerProcess;

  test.beforeAll(async () => {
    test.setTimeout(timeouts.serverTest);
    server = await startServer({
      env: {
        DATABASE_URL: databaseUrl,
        HTTP_HEADERS_TIMEOUT_MS: String(limits.headers),
        HTTP_REQUEST_TIMEOUT_MS: String(limits.request),
        HTTP_KEEP_ALIVE_TIMEOUT_MS: String(limits.keepAlive),
      },
    });
  });

  test.afterAll(async () => {
    await server?.stop("SIGKILL");
  });

  /** Writes `piece` every quarter second until the connection closes. */
  const trickle = (socket: Socket, piece: string) => {
    const timer = setInterval(() => socket.write(piece), 250);
    socket.once("close", () => clearInterval(timer));
  };

  test("headers still arriving after HTTP_HEADERS_TIMEOUT_MS: 408, and the connection closes", async () => {
    const connection = await rawConnection(server.port);
    connection.socket.write("GET /api/v1/health HTTP/1.1\r\nHost: x\r\n");
    trickle(connection.socket, "X-Slow: 1\r\n");
    expect(await within(connection.closed, 3 * limits.headers)).toBe(true);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  test("a connection that never sends a byte is closed after HTTP_HEADERS_TIMEOUT_MS, answered nothing", async () => {
    const silent = await rawConnection(server.port);
    // One that asks in time, after a pause shorter than the timeout, is served.
    const patient = await rawConnection(server.port);
    await sleep(limits.headers / 2);
    patient.socket.write("GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n");
    expect((await patient.answer()).status).toBe(200);
    expect(await within(silent.closed, 3 * limits.headers)).toBe(true);
    expect(silent.received()).toBe("");
    patient.socket.destroy();
  });

  test("a body still arriving after HTTP_REQUEST_TIMEOUT_MS: 408, on the API and on pages", async () => {
    for (const [path, framing, piece] of [
      ["/api/v1/shares", "Content-Length: 100000", "a"],
      ["/", "Transfer-Encoding: chunked", "1\r\na\r\n"],
    ]) {
      const connection = await rawConnection(server.port);
      connection.socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\n${framing}\r\n\r\n`);
      trickle(connection.socket, piece ?? "");
      expect(await within(connection.closed, 3 * limits.request), path).toBe(true);
      expect(connection.received(), path).toMatch(/^HTTP\/1\.1 408 /);
    }
    const failures = ["unhandled error", "request handler failed"];
    expect(server.logLines().filter(({ msg }) => failures.includes(msg))).toEqual([]);
  });

  test("Keep-Alive says the real idle timeout, and the server keeps the connection that long", async () => {
    for (const path of ["/api/v1/health", "/"]) {
      const connection = await rawConnection(server.port);
      const request = `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`;
      connection.socket.write(request);
      const first = await connection.answer();
      expect(first.status, path).toBe(200);
      expect(first.headers["keep-alive"], path).toBe(`timeout=${limits.keepAlive / 1000}`);
      // Reused shortly before the advertised timeout, the connection still answers...
      await sleep(limits.keepAlive - 500);
      connection.socket.write(request);
      expect((await connection.answer()).status, path).toBe(200);
      // ...and left idle, it is closed.
      expect(await within(connection.closed, 3 * limits.keepAlive), path).toBe(true);
    }
  });
});
