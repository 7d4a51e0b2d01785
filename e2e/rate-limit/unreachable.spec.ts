import { expect, healthReport, test } from "../support/fixtures";
import { call, note, ports, startServer, type TestServer } from "./servers";
import { timeouts } from "../support/timeouts";

// Upstash configured but unreachable (a closed port): requests are let through without limits or
// RateLimit headers, and the server logs a warning. That the store gives up on a refused connection
// at once and never retries is lib/rate-limit/store.test.ts's to show.
test.describe.configure({ mode: "serial" });

let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(timeouts.serverTest);
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

test("an unreachable store lets requests through, unlimited, and says so in the log", async () => {
  const port = server.port;
  expect((await call({ port, path: "/api/v1/shares", body: note() })).status).toBe(201);
  for (let i = 0; i < 3; i++) {
    const created = await call({ port, path: "/api/v1/shares", body: note({ password: "pw" }) });
    expect(created.status).toBe(201);
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
    .filter((line) => line.includes("rate-limit store unavailable"))
    .map((line) => JSON.parse(line) as { time: string });
  expect(warnings.length).toBeGreaterThanOrEqual(1);
  for (const warning of warnings)
    expect(warning).toMatchObject({ level: "warn", msg: expect.stringContaining("not limited") });
  // At most one warning every 10 seconds of the server's clock, however many requests failed (on a
  // busy machine this test may take longer than 10 s, so it counts the gaps, not the lines). A
  // line's time is stamped a moment after the clock reading the rule compares.
  const times = warnings.map((warning) => Date.parse(warning.time));
  for (let i = 1; i < times.length; i++) expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThan(9_900);
});

test("health says degraded (200): the API answers, but the rate-limit store does not", async () => {
  const health = await call({ port: server.port, path: "/api/v1/health" });
  expect(health.status).toBe(200);
  expect(health.json).toEqual(
    healthReport("degraded", { database: "ok", rateLimit: "unavailable", backend: "upstash" }),
  );
});
