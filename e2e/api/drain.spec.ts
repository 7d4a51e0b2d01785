import { Agent, request } from "node:http";
import { connect, type Socket } from "node:net";
import { databaseUrl, expect, test } from "../support/fixtures";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";

// SIGTERM (lib/server/front-server.ts, stop-server.ts): the server stops accepting at once, answers
// every request on the connections it has accepted (in flight, or sent after the signal on a
// keep-alive connection that was idle), and closes each keep-alive connection after its current answer
// (`Connection: close`), and those the kernel had queued, not yet accepted, are accepted and
// answered before the listening socket closes. A client sees an answer or a refused connection,
// never a reset; except under a stream of new connections that never lets the queue empty, where
// those still queued when the listener closes after a second are reset (the last test).

type Outcome = { status: number; connection: string | undefined } | { error: string };

function get(url: string, agent: Agent | false): Promise<Outcome> {
  return new Promise((resolve) => {
    const sent = request(url, { agent }, (response) => {
      response.resume();
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
      );
      response.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    sent.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    sent.end();
  });
}

/** Everything the server sends on `socket` until it closes it (or the error that ended it). */
function readAll(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
    socket.on("error", (error: NodeJS.ErrnoException) => resolve(`${text}[${error.code ?? error.message}]`));
    socket.on("end", () => resolve(text));
  });
}

let server: ServerProcess | undefined;
test.afterEach(async () => {
  await server?.stop("SIGKILL");
});

const startDrainServer = () =>
  startServer({
    // A grace period no busy machine reaches: nothing may be cut.
    env: { DATABASE_URL: databaseUrl, SHUTDOWN_GRACE_MS: String(timeouts.request) },
  });

test("keep-alive clients under load: each gets its answers, then Connection: close, then a refused connection", async ({
  api,
}) => {
  test.setTimeout(timeouts.serverTest);
  server = await startDrainServer();
  const keepAlive = new Agent({ keepAlive: true, maxSockets: 4 });
  try {
    const url = `${server.url}/api/v1/shares/${await api.createId({ content: "drain", ttl: "1h" })}/meta`;
    const outcomes: Outcome[] = [];
    // Each client sends requests back to back until the server refuses its connection.
    const client = async () => {
      for (;;) {
        const outcome = await get(url, keepAlive);
        outcomes.push(outcome);
        if ("error" in outcome) return;
      }
    };
    const clients = Promise.all([client(), client(), client(), client()]);
    await expect.poll(() => outcomes.length).toBeGreaterThan(100);
    server.child.kill("SIGTERM");
    await clients;
    expect(await server.exited).toBe(0);

    expect(outcomes.flatMap((outcome) => ("error" in outcome ? [outcome.error] : []))).toEqual(
      Array(4).fill("ECONNREFUSED"),
    );
    const answers = outcomes.flatMap((outcome) => ("status" in outcome ? [outcome] : []));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
    // Each connection was told to close with its last answer (four connections at most).
    const closing = answers.filter((answer) => answer.connection === "close").length;
    expect(closing).toBeGreaterThanOrEqual(1);
    expect(closing).toBeLessThanOrEqual(4);
  } finally {
    keepAlive.destroy();
  }
});

test("keep-alive connections idle at SIGTERM: a request sent on one after the signal is answered, then it closes", async ({
  api,
}) => {
  test.setTimeout(timeouts.serverTest);
  server = await startDrainServer();
  const base = server.url;
  const id = await api.createId({ content: "drain", ttl: "1h" });
  const port = Number(new URL(base).port);
  const ask = `GET /api/v1/shares/${id}/meta HTTP/1.1\r\nHost: localhost\r\n\r\n`;
  const sockets = await Promise.all(
    [1, 2, 3, 4].map(
      () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(port, "127.0.0.1", () => resolve(socket));
          socket.on("error", reject);
        }),
    ),
  );
  const replies = sockets.map(readAll);
  const received: string[] = sockets.map(() => "");
  sockets.forEach((socket, index) =>
    socket.on("data", (chunk: Buffer) => (received[index] += chunk.toString())),
  );
  // One answer on each connection, which then stays open, idle (keep-alive).
  for (const socket of sockets) socket.write(ask);
  await expect.poll(() => received.every((text) => text.includes(`"id":"${id}"`))).toBe(true);

  server.child.kill("SIGTERM");
  await expect.poll(() => server?.stdout() ?? "").toContain("SIGTERM: finishing requests in flight");
  expect(await get(`${base}/api/v1/health`, false)).toEqual({ error: "ECONNREFUSED" });
  for (const socket of sockets) socket.write(ask);
  for (const reply of await Promise.all(replies)) {
    const answers = reply.split(/(?=HTTP\/1\.1 )/);
    expect(answers.map((answer) => answer.slice(0, 15))).toEqual(["HTTP/1.1 200 OK", "HTTP/1.1 200 OK"]);
    expect(answers[0]?.toLowerCase()).toContain("\r\nconnection: keep-alive\r\n");
    expect(answers[1]?.toLowerCase()).toContain("\r\nconnection: close\r\n");
    expect(answers[1]).toContain(`"id":"${id}"`);
  }
  expect(await server.exited).toBe(0);
});

test("connections the kernel queued while the server could not accept are answered after SIGTERM, then new ones are refused", async ({
  api,
}) => {
  test.setTimeout(timeouts.serverTest);
  server = await startDrainServer();
  const id = await api.createId({ content: "drain", ttl: "1h" });
  const port = Number(new URL(server.url).port);
  // Stopped, the server accepts nothing, and the kernel completes each handshake and queues it (a
  // server whose event loop is busy does the same). Each connection sends its request at once.
  server.child.kill("SIGSTOP");
  const sockets = await Promise.all(
    Array.from(
      { length: 8 },
      () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(port, "127.0.0.1", () => resolve(socket));
          socket.on("error", reject);
        }),
    ),
  );
  const replies = sockets.map(readAll);
  for (const socket of sockets)
    socket.write(`GET /api/v1/shares/${id}/meta HTTP/1.1\r\nHost: localhost\r\n\r\n`);
  server.child.kill("SIGTERM");
  server.child.kill("SIGCONT");
  // Woken, the server may take a queued request before its SIGTERM handler runs, and answer it with
  // keep-alive (seen once in CI): either way the drain ends the connection, which readAll waits for.
  for (const reply of await Promise.all(replies)) {
    expect(reply.slice(0, 15)).toBe("HTTP/1.1 200 OK");
    expect(reply.toLowerCase()).toMatch(/\r\nconnection: (close|keep-alive)\r\n/);
    expect(reply).toContain(`"id":"${id}"`);
  }
  expect(await server.exited).toBe(0);
  expect(await get(`${server.url}/api/v1/health`, false)).toEqual({ error: "ECONNREFUSED" });
});

test("with SHUTDOWN_DELAY_MS, health answers 503 draining at once while other requests are still answered, each closing its connection", async ({
  api,
}) => {
  test.setTimeout(timeouts.serverTest);
  server = await startServer({
    env: {
      DATABASE_URL: databaseUrl,
      SHUTDOWN_GRACE_MS: String(timeouts.request),
      SHUTDOWN_DELAY_MS: "3000",
    },
  });
  const meta = `${server.url}/api/v1/shares/${await api.createId({ content: "drain", ttl: "1h" })}/meta`;
  const health = () => fetch(`${server!.url}/api/v1/health`, { cache: "no-store" });
  expect((await (await health()).json()).status).toBe("ok");
  server.child.kill("SIGTERM");
  await expect
    .poll(() => server?.stdout() ?? "")
    .toContain("SIGTERM: health says draining; answering for 3000 ms, then finishing requests in flight");
  const during = await health();
  expect(during.status).toBe(503);
  expect((await during.json()).status).toBe("draining");
  expect(await get(meta, false)).toEqual({ status: 200, connection: "close" });
  expect(await server.exited).toBe(0);
  expect(await get(meta, false)).toEqual({ error: "ECONNREFUSED" });
});

test("under a steady stream of new connections SIGTERM still stops accepting before its grace period: each client is answered 200 until refused or reset", async ({
  api,
}) => {
  test.setTimeout(timeouts.serverTest);
  // A grace period longer than the test may take: a server that kept accepting until its grace ended
  // (as one whose accept queue never empties used to) leaves the test stuck at its time limit.
  server = await startServer({
    env: { DATABASE_URL: databaseUrl, SHUTDOWN_GRACE_MS: String(timeouts.serverTest + timeouts.request) },
  });
  const url = `${server.url}/api/v1/shares/${await api.createId({ content: "drain", ttl: "1h" })}/meta`;
  // Many clients, each opening a new connection for every request, as curl and scripts do; each
  // returns the error that ended it: a refused connection, or a reset one that was still queued
  // when the listener closed after its one-second wait (this queue never empties).
  const statuses: number[] = [];
  const client = async () => {
    for (;;) {
      const outcome = await get(url, false);
      if ("error" in outcome) return outcome.error;
      statuses.push(outcome.status);
    }
  };
  const clients = Promise.all(Array.from({ length: 64 }, client));
  await expect.poll(() => statuses.length).toBeGreaterThan(100);
  server.child.kill("SIGTERM");
  const ended = await clients;
  expect(await server.exited).toBe(0);
  expect(ended.filter((error) => error !== "ECONNREFUSED" && error !== "ECONNRESET")).toEqual([]);
  expect(ended).toHaveLength(64);
  expect(new Set(statuses)).toEqual(new Set([200]));
});
