import { expect, healthReport, test } from "../support/fixtures";
import { call, note, ports, startServer, type TestServer } from "./servers";

// Upstash configured but unreachable (a closed port): requests are not held up, they are let
// through without limits or RateLimit headers, and the server logs a warning.
test.describe.configure({ mode: "serial" });

let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startServer(ports.unreachable, {
    UPSTASH_REDIS_REST_URL: `http://127.0.0.1:${ports.closed}`,
    UPSTASH_REDIS_REST_TOKEN: "token",
    RATE_LIMIT_STORE_TIMEOUT_MS: "500",
    RATE_LIMIT_CREATE: "1/1m",
  });
});
test.afterAll(async () => {
  await server?.stop();
});

test("an unreachable store lets requests through at once, unlimited, and says so in the log", async () => {
  const port = server.port;
  // The first request of a fresh server loads the route's code: only later ones are timed.
  expect((await call({ port, path: "/api/v1/shares", body: note() })).status).toBe(201);
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const created = await call({ port, path: "/api/v1/shares", body: note({ password: "pw" }) });
    expect(created.status).toBe(201);
    // Well under the client library's default of 5 retries with backoff (about 4 s in all).
    expect(performance.now() - started).toBeLessThan(2_500);
    expect(created.headers["ratelimit-limit"]).toBeUndefined();
    const read = await call({
      port,
      path: `/api/v1/shares/${created.json.id as string}/read`,
      body: { password: "pw" },
    });
    expect(read.status).toBe(200);
    expect(read.headers["ratelimit-remaining"]).toBeUndefined();
  }
  const warnings = server
    .output()
    .split("\n")
    .filter((line) => line.includes("rate-limit store unavailable"));
  // At most one warning every 10 seconds, however many requests failed.
  expect(warnings).toHaveLength(1);
  expect(JSON.parse(warnings[0] ?? "{}")).toMatchObject({
    level: "warn",
    msg: expect.stringContaining("not limited"),
  });
});

test("health says degraded (200): the API answers, but the rate-limit store does not", async () => {
  const health = await call({ port: server.port, path: "/api/v1/health" });
  expect(health.status).toBe(200);
  expect(health.json).toEqual(
    healthReport("degraded", { database: "ok", rateLimit: "unavailable", backend: "upstash" }),
  );
});
