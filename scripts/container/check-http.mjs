// The HTTP side of the container check (check.mjs): wait for the health route, create and read a note
// through the API, and hold a request in flight across a SIGTERM on a raw connection.
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

const startLimitMs = 300_000;

/** Resolves once GET /api/v1/health answers 200; rejects if the server exits first or never does. */
export async function waitForHealth(base, exited, logFile) {
  let exitCode;
  void exited.then((code) => (exitCode = code));
  const deadline = Date.now() + startLimitMs;
  while (Date.now() < deadline) {
    if (exitCode !== undefined)
      throw new Error(`the server exited (${exitCode}) before serving; see ${logFile}`);
    try {
      const response = await fetch(`${base}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`the server did not answer 200 on /api/v1/health within ${startLimitMs / 1000} s`);
}

/** Resolves once the server's log contains `text`. */
export async function waitForLog(logFile, text, limitMs = 30_000) {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (readFileSync(logFile, "utf8").includes(text)) return;
    await sleep(50);
  }
  throw new Error(`the server's log never said "${text}"`);
}

async function postJson(url, body) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** Creates a note (no burn limit) and answers its id. */
export async function createNote(base, content) {
  const { status, body } = await postJson(`${base}/api/v1/shares`, { content, ttl: "1d" });
  if (status !== 201) throw new Error(`create answered ${status}: ${JSON.stringify(body)}`);
  return body.id;
}

/** Reads a note through the API and answers its content. */
export async function readNote(base, id) {
  const { status, body } = await postJson(`${base}/api/v1/shares/${id}/read`, {});
  if (status !== 200) throw new Error(`read answered ${status}: ${JSON.stringify(body)}`);
  return body.content;
}

/**
 * Sends a create's headers and the first bytes of its body, and waits until the server has started
 * the request: with `Expect: 100-continue`, node's HTTP server answers "100 Continue" just before it
 * hands the request on. `finish()` sends the rest and answers the final response's status.
 */
export async function postInFlight(base, note) {
  const { hostname, port } = new URL(base);
  const body = Buffer.from(JSON.stringify(note));
  const socket = connect({ host: hostname, port: Number(port) });
  let received = "";
  socket.setEncoding("latin1");
  socket.on("data", (chunk) => (received += chunk));
  const closed = new Promise((resolve, reject) => {
    socket.on("close", resolve);
    socket.on("error", reject);
  });
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  socket.write(
    `POST /api/v1/shares HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
  );
  while (!received.includes("100 Continue")) {
    if (socket.destroyed)
      throw new Error(`the server closed the connection (got ${JSON.stringify(received)})`);
    await sleep(20);
  }
  socket.write(body.subarray(0, 10));
  return {
    async finish() {
      socket.write(body.subarray(10));
      await closed;
      const status = /HTTP\/1\.1 (?!100)(\d{3})/.exec(received);
      if (!status)
        throw new Error(`no HTTP answer to the request in flight (got ${JSON.stringify(received)})`);
      return { status: Number(status[1]) };
    },
  };
}
