import { connect } from "node:net";
import { databaseUrl, expect, test } from "../support/fixtures";
import { rawConnection, type RawConnection } from "../support/raw-http";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";

// What the front server (lib/server/front-server.ts) answers by itself, whatever the route: bodies
// over 2 MiB, request lines naming a host, the nosniff header on every answer. Its server listens
// on 127.0.0.2 alone (HOST), which the first test checks.

const host = "127.0.0.2";
const metricsToken = "front-server-answers-metrics-token";
let server: ServerProcess;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(timeouts.serverTest);
  server = await startServer({
    host,
    env: {
      DATABASE_URL: databaseUrl,
      HOST: host,
      METRICS_TOKEN: metricsToken,
      ADMIN_SECRET: process.env.E2E_ADMIN_SECRET,
    },
  });
});

test.afterAll(async () => {
  await server?.stop("SIGKILL");
});

const mebibyte = Buffer.alloc(1024 * 1024, "a");

/** Sends `body` in `chunks` of 1 MiB each, waiting for the socket as a client does. */
async function sendChunks(connection: RawConnection, chunks: number, chunked: boolean) {
  const { socket } = connection;
  for (let index = 0; index < chunks && !socket.destroyed; index += 1) {
    const parts = chunked ? [`${mebibyte.length.toString(16)}\r\n`, mebibyte, "\r\n"] : [mebibyte];
    let flushed = true;
    for (const part of parts) flushed = socket.write(part);
    if (!flushed) {
      await Promise.race([new Promise((resolve) => socket.once("drain", resolve)), connection.closed]);
    }
  }
  if (chunked && !socket.destroyed) socket.write("0\r\n\r\n");
}

const isJsonLine = (line: string) => {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
};

test("listens on the HOST address alone", async () => {
  expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
  const outcome = await new Promise<string>((resolve) => {
    const socket = connect(server.port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve("accepted");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
  expect(outcome).toBe("ECONNREFUSED");
});

test("a 20 MB body gets a whole 413 on pages and the API, chunked or declared, and the log stays JSON", async () => {
  test.setTimeout(timeouts.serverTest);
  for (const path of ["/", "/admin", "/api/v1/shares"]) {
    for (const chunked of [true, true, true, false]) {
      const what = `${path}, ${chunked ? "chunked" : "Content-Length"}`;
      const connection = await rawConnection(server.port, host);
      const framing = chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${20 * mebibyte.length}`;
      connection.socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${host}:${server.port}\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`,
      );
      const sent = sendChunks(connection, 20, chunked);
      const answer = await connection.answer();
      expect(answer.status, what).toBe(413);
      if (path.startsWith("/api/")) {
        expect(JSON.parse(answer.body), what).toMatchObject({ error: "too_large" });
      } else {
        expect(answer.body, what).toBe("Payload too large: the request body is over 2097152 bytes.\n");
      }
      // The rest of the body was read and dropped: the same connection answers the next request.
      await sent;
      connection.socket.write(`GET /api/v1/health HTTP/1.1\r\nHost: ${host}:${server.port}\r\n\r\n`);
      expect((await connection.answer()).status, what).toBe(200);
      connection.socket.destroy();
    }
  }
  const refused = server
    .stdout()
    .split("\n")
    .filter((line) => line.includes('"status":413'));
  expect(refused).toHaveLength(12);
  const stderr = server
    .stderr()
    .split("\n")
    .filter((line) => line.trim() !== "");
  expect(stderr.filter((line) => !isJsonLine(line))).toEqual([]);
});

test("a request line with an absolute URL is answered from its path, never redirected to its host", async () => {
  const ask = async (requestLine: string) => {
    const connection = await rawConnection(server.port, host);
    connection.socket.write(`${requestLine}\r\nHost: evil.example\r\nConnection: close\r\n\r\n`);
    const answer = await connection.answer();
    connection.socket.destroy();
    return answer;
  };
  const health = await ask("GET http://evil.example/api/v1/health HTTP/1.1");
  expect(health.status).toBe(200);
  expect(JSON.parse(health.body)).toMatchObject({ status: "ok" });
  expect(health.headers.location).toBeUndefined();

  // Next.js redirects a trailing slash away: to the path, not to the host of the request line.
  const slash = await ask("GET http://evil.example/api/v1/health/ HTTP/1.1");
  expect(slash.status).toBe(308);
  expect(slash.headers.location).toBe("/api/v1/health");

  expect((await ask("OPTIONS * HTTP/1.1")).status).toBe(400);
  expect((await ask("GET ftp://evil.example/ HTTP/1.1")).status).toBe(400);
});

test("every answer says X-Content-Type-Options: nosniff: API, pages, static files, errors, metrics", async () => {
  const home = await fetch(`${server.url}/`);
  const staticPath = /\/_next\/static\/[^"]+\.(?:js|css)/.exec(await home.text())?.[0];
  expect(staticPath).toBeDefined();
  const bearer = { authorization: `Bearer ${metricsToken}` };
  const big = JSON.stringify({ content: "a".repeat(3 * 1024 * 1024), ttl: "1h" });
  const answers: [string, Response][] = [
    ["page", home],
    ["admin page", await fetch(`${server.url}/admin`)],
    ["static file", await fetch(`${server.url}${staticPath}`)],
    ["page 404", await fetch(`${server.url}/no/such/page`)],
    ["API", await fetch(`${server.url}/api/v1/health`)],
    [
      "API create",
      await fetch(`${server.url}/api/v1/shares`, { method: "POST", body: '{"content":"x","ttl":"1h"}' }),
    ],
    ["API 404", await fetch(`${server.url}/api/v1/shares/AAAAAAAAAA/meta`)],
    ["unknown API route", await fetch(`${server.url}/api/v1/nowhere`)],
    ["API 413", await fetch(`${server.url}/api/v1/shares`, { method: "POST", body: big })],
    ["page 413", await fetch(`${server.url}/`, { method: "POST", body: big })],
    ["malformed path", await fetch(`${server.url}/%zz`)],
    ["metrics", await fetch(`${server.url}/metrics`, { headers: bearer })],
    ["metrics 401", await fetch(`${server.url}/metrics`)],
  ];
  expect(answers.map(([what, response]) => [what, response.status])).toEqual([
    ["page", 200],
    ["admin page", 200],
    ["static file", 200],
    ["page 404", 404],
    ["API", 200],
    ["API create", 201],
    ["API 404", 404],
    ["unknown API route", 404],
    ["API 413", 413],
    ["page 413", 413],
    ["malformed path", 400],
    ["metrics", 200],
    ["metrics 401", 401],
  ]);
  for (const [what, response] of answers) {
    expect(response.headers.get("x-content-type-options"), what).toBe("nosniff");
  }
});
