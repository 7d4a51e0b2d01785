import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { databaseUrl, expect, issueKey, test } from "../support/fixtures";
import { startServer, type LogLine, type ServerProcess } from "../support/server-process";
import { slowPost } from "../support/slow-post";
import { storedContentCounts } from "../support/stored-pages";
import { timeouts } from "../support/timeouts";

// The front server `npm start` runs (lib/server/front-server.ts): a request id on every response,
// one JSON log line per request that never holds a secret, and a graceful stop on SIGTERM.

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const requestLines = (server: ServerProcess): LogLine[] =>
  server.logLines().filter((line) => line.msg === "request");

test.describe("front server", () => {
  test("every response carries a request id: API, pages, 404s", async ({ request, api }) => {
    const id = await api.createId({ content: "x", ttl: "1h" });
    const responses = [
      await request.get(`/api/v1/shares/${id}/meta`),
      await request.get("/api/v1/shares/AAAAAAAAAA/meta"),
      await request.post("/api/v1/nowhere"),
      await request.get("/"),
      await request.get("/no/such/page"),
      await request.get("/api/v1/health"),
    ];
    expect(responses.map((response) => response.status())).toEqual([200, 404, 404, 200, 404, 200]);
    const ids = responses.map((response) => response.headers()["x-request-id"]);
    for (const requestId of ids) expect(requestId).toMatch(uuid);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("one log line per request with its fields and no secret; SIGTERM lets a request in flight finish, exit 0", async ({
    sql,
  }) => {
    test.setTimeout(timeouts.serverTest);
    // A grace period no busy machine reaches: the request in flight below must be let finish.
    const server = await startServer({
      env: { DATABASE_URL: databaseUrl, SHUTDOWN_GRACE_MS: String(timeouts.request) },
    });
    try {
      const base = server.url;
      const key = await issueKey();
      const secrets = { content: `secret-content-${Date.now()}`, password: `pw-${Date.now()}-secret`, key };
      const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
        fetch(`${base}${route}`, { method: "POST", headers, body: JSON.stringify(body) });

      const created = await post("/api/v1/shares", {
        content: secrets.content,
        ttl: "1h",
        password: secrets.password,
      });
      const { id, delete_token: deleteToken } = (await created.json()) as {
        id: string;
        delete_token: string;
      };
      const keyed = await post(
        "/api/v1/shares",
        { content: secrets.content, permanent: true },
        { "x-api-key": key },
      );
      const keyedId = ((await keyed.json()) as { id: string }).id;
      const responses = [
        created,
        keyed,
        await post(`/api/v1/shares/${id}/read`, { password: "wrong" }),
        await post(`/api/v1/shares/${id}/read`, { password: secrets.password }),
        await fetch(`${base}/api/v1/shares/${keyedId}/meta`, { headers: { authorization: `Bearer ${key}` } }),
        await fetch(`${base}/api/v1/shares/${id}`, {
          method: "DELETE",
          headers: { "x-delete-token": deleteToken },
        }),
        await fetch(`${base}/${id}?password=${secrets.password}`),
      ];
      const expected = [
        { method: "POST", route: "/api/v1/shares", status: 201 },
        { method: "POST", route: "/api/v1/shares", status: 201 },
        { method: "POST", route: "/api/v1/shares/[id]/read", status: 401 },
        { method: "POST", route: "/api/v1/shares/[id]/read", status: 200 },
        { method: "GET", route: "/api/v1/shares/[id]/meta", status: 200 },
        { method: "DELETE", route: "/api/v1/shares/[id]", status: 204 },
        { method: "GET", route: "/[id]", status: 404 },
      ];
      // A line is written when its response has gone out, so wait for the last one.
      const requestIds = responses.map((response) => response.headers.get("x-request-id"));
      const linesOf = () =>
        requestIds.map((requestId) => requestLines(server).find((line) => line.request_id === requestId));
      await expect.poll(() => linesOf().filter(Boolean).length).toBe(responses.length);
      const lines = linesOf() as LogLine[];
      expect(lines.map(({ method, route, status }) => ({ method, route, status }))).toEqual(expected);
      for (const line of lines) {
        expect(Object.keys(line).sort()).toEqual(
          ["duration_ms", "level", "method", "msg", "request_id", "route", "status", "time"].sort(),
        );
        expect(typeof line.duration_ms).toBe("number");
        expect(line.level).toBe("info");
      }
      const output = server.stdout() + server.stderr();
      for (const secret of [id, keyedId, deleteToken, secrets.content, secrets.password, key, key.slice(4)]) {
        expect(output, secret).not.toContain(secret);
      }

      // A client that leaves halfway through its body: logged as aborted with no status (nothing was
      // sent), and not as a database outage or a bug.
      await new Promise<void>((resolve, reject) => {
        const socket = connect(Number(new URL(base).port), "127.0.0.1", () => {
          socket.write(
            'POST /api/v1/shares HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{"content":"half',
          );
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 300);
        });
        socket.on("error", reject);
      });
      await expect
        .poll(() => requestLines(server).filter((line) => line.aborted === true))
        .toEqual([
          {
            time: expect.any(String),
            level: "info",
            msg: "request",
            method: "POST",
            route: "/api/v1/shares",
            status: null,
            duration_ms: expect.any(Number),
            request_id: expect.stringMatching(uuid),
            aborted: true,
          },
        ]);
      const failures = ["database unavailable", "unhandled error"];
      expect(server.logLines().filter(({ msg }) => failures.includes(msg))).toEqual([]);

      // SIGTERM while a create's body is still arriving: the server stops taking new connections,
      // the request completes, and the process exits 0. The rest of the body goes only once the
      // server has said it is stopping and a new connection has been refused.
      const marker = `in-flight-${Date.now()}`;
      let sendRest: () => void = () => {};
      const sent = slowPost(
        `${base}/api/v1/shares`,
        JSON.stringify({ content: marker, ttl: "1h" }),
        () => server.child.kill("SIGTERM"),
        new Promise((resolve) => (sendRest = resolve)),
      );
      await expect.poll(() => server.stdout()).toContain("SIGTERM: finishing requests in flight");
      // A new connection (fetch would reuse an accepted one, which is still answered).
      const refused = await new Promise<string>((resolve) => {
        const socket = connect(Number(new URL(base).port), "127.0.0.1");
        socket
          .once("connect", () => resolve("accepted"))
          .once("error", (error: NodeJS.ErrnoException) => {
            resolve(error.code ?? error.message);
          });
      });
      expect(refused).toBe("ECONNREFUSED");
      sendRest();
      const finished = await sent;
      expect(finished.status, finished.body).toBe(201);
      expect(await server.exited).toBe(0);
      expect((await storedContentCounts(sql, [marker])).get(marker)).toBe(1);
      expect(server.stdout()).toContain("SIGTERM: finishing requests in flight, then stopping.");
    } finally {
      await server.stop("SIGKILL");
    }
  });

  test("when its log output is closed (EPIPE), the server stops instead of spinning, exit 1", async () => {
    test.setTimeout(timeouts.serverTest);
    const server = await startServer({
      env: { DATABASE_URL: databaseUrl },
    });
    try {
      // The reader of both pipes goes away, as a log shipper that exits would. The next log line
      // fails: the readiness check's, if it is still pending, or else this request's. So the
      // request may be answered or cut off as the server stops; either way the server must stop.
      server.child.stdout?.destroy();
      server.child.stderr?.destroy();
      await fetch(`${server.url}/api/v1/health`).catch(() => undefined);
      // A server spinning instead of stopping never exits: the test's time limit ends it.
      expect(await server.exited).toBe(1);
    } finally {
      await server.stop("SIGKILL");
    }
  });

  test("with the embedded database: delete and the periodic cleanup work, SIGTERM exits 0 and releases the lock", async () => {
    test.setTimeout(timeouts.serverTest);
    const dataDir = await mkdtemp(path.join(tmpdir(), "notes-front-"));
    const lockFile = path.join(dataDir, "pglite.lock");
    let server: ServerProcess | undefined;
    try {
      server = await startServer({
        env: { DATABASE_URL: undefined, DATA_DIR: dataDir, CLEANUP_INTERVAL_SECONDS: "1" },
      });
      const create = async (body: unknown) => {
        const response = await fetch(`${server?.url}/api/v1/shares`, {
          method: "POST",
          body: JSON.stringify(body),
        });
        expect(response.status).toBe(201);
        return (await response.json()) as { id: string; delete_token: string };
      };
      const kept = await create({ content: "kept", ttl: "1h" });
      const deleted = await create({ content: "deleted", ttl: "1h" });
      const burned = await create({ content: "burned", ttl: "1h", burn_after: 1 });
      expect(existsSync(lockFile)).toBe(true);
      const removal = await fetch(`${server.url}/api/v1/shares/${deleted.id}`, {
        method: "DELETE",
        headers: { "x-delete-token": deleted.delete_token },
      });
      expect(removal.status).toBe(204);
      const read = await fetch(`${server.url}/api/v1/shares/${burned.id}/read`, { method: "POST" });
      expect(((await read.json()) as { burned: boolean }).burned).toBe(true);
      const cleanups = () => (server?.logLines() ?? []).filter((line) => line.msg.startsWith("cleanup"));
      await expect.poll(() => cleanups().reduce((sum, line) => sum + Number(line.burned), 0)).toBe(1);
      expect(cleanups().every((line) => line.level === "info")).toBe(true);
      expect((await fetch(`${server.url}/api/v1/shares/${kept.id}/meta`)).status).toBe(200);

      expect(await server.stop()).toBe(0);
      expect(existsSync(lockFile)).toBe(false);
    } finally {
      await server?.stop("SIGKILL");
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
