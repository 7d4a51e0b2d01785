import { randomBytes } from "node:crypto";
import { startUpstashBridge, type UpstashBridge } from "../support/upstash-bridge";
import { expect, healthReport, test } from "../support/fixtures";
import { call, inOneWindow, limitHeaders, note, startServer, type TestServer } from "./servers";
import { timeouts } from "../support/timeouts";

// Two instances behind one (simulated) proxy, TRUST_PROXY=1, sharing one Upstash store: the real
// @upstash/ratelimit code against the machine's Redis through the test bridge. The proxy's hop is
// the right-most X-Forwarded-For entry, so tests pick their client by that entry.
test.describe.configure({ mode: "serial" });

const prefix = `notes-e2e:${randomBytes(6).toString("hex")}`;
let bridge: UpstashBridge;
let servers: TestServer[] = [];

test.beforeAll(async () => {
  test.setTimeout(timeouts.serverTest);
  bridge = await startUpstashBridge();
  const settings = {
    UPSTASH_REDIS_REST_URL: bridge.url,
    UPSTASH_REDIS_REST_TOKEN: bridge.token,
    RATE_LIMIT_PREFIX: prefix,
    TRUST_PROXY: "1",
    RATE_LIMIT_CREATE: "4/1m",
    RATE_LIMIT_PASSWORD: "2/1m",
  };
  // Both or neither: a server that started must not outlive the other's failure.
  const started = await Promise.allSettled([startServer(settings), startServer(settings)]);
  servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = started.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
});
test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  if (bridge) {
    await bridge.deleteKeys(prefix);
    expect(await bridge.redis.keys(`${prefix}*`)).toEqual([]);
    await bridge.close();
  }
});

/** A client's address, as the proxy adds it; each attempt of a burst (inOneWindow) has its own. */
const clientAddress = (attempt: number, host: number) => `203.0.${113 + attempt}.${host}`;
const viaProxy = (client: string, spoofed = "6.6.6.6") => ({ "x-forwarded-for": `${spoofed}, ${client}` });
const create = (instance: number, client: string, spoofed?: string) =>
  call({
    port: servers[instance]?.port ?? 0,
    path: "/api/v1/shares",
    body: note(),
    headers: viaProxy(client, spoofed),
  });

test("says at start-up that limits are kept in Upstash", () => {
  for (const server of servers)
    expect(server.output()).toContain("Rate limits: kept in Upstash Redis at 127.0.0.1:");
});

test("health reports the Upstash store as ok", async () => {
  const health = await call({ port: servers[0]?.port ?? 0, path: "/api/v1/health" });
  expect(health.status).toBe(200);
  expect(health.json).toEqual(healthReport("ok", { database: "ok", rateLimit: "ok", backend: "upstash" }));
});

test("two instances sharing the store enforce one limit", async () => {
  await inOneWindow(60_000, 5_000, async (attempt) => {
    const client = clientAddress(attempt, 10);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await create(i % 2, client));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 429, 429]);
    expect(answers.map((answer) => limitHeaders(answer).remaining)).toEqual([3, 2, 1, 0, 0, 0]);
    expect(answers[4]?.json.error).toBe("rate_limited");
    expect(limitHeaders(answers[5]!).retryAfter).toBe(limitHeaders(answers[5]!).reset);
    // The counters are in Redis, under this run's prefix.
    expect((await bridge.redis.keys(`${prefix}:*create:${client}*`)).length).toBeGreaterThan(0);
  });
});

test("with TRUST_PROXY the proxy's hop is the client, whatever the client wrote before it", async () => {
  await inOneWindow(60_000, 5_000, async (attempt) => {
    const client = clientAddress(attempt, 20);
    for (let i = 0; i < 4; i++) expect((await create(0, client, `198.51.100.${i}`)).status).toBe(201);
    expect((await create(1, client, "198.51.100.99")).status).toBe(429);
    // A different address added by the proxy is a different client, even from the same socket.
    expect((await create(1, clientAddress(attempt, 21), "198.51.100.99")).status).toBe(201);
  });
});

test("password guessing is shared across instances; the right password from another client works", async () => {
  await inOneWindow(60_000, 10_000, async (attempt) => {
    const created = await call({
      port: servers[0]!.port,
      path: "/api/v1/shares",
      body: note({ password: "right" }),
      headers: viaProxy(clientAddress(attempt, 30)),
    });
    const id = created.json.id as string;
    const read = (instance: number, client: string, password: string) =>
      call({
        port: servers[instance]!.port,
        path: `/api/v1/shares/${id}/read`,
        body: { password },
        headers: viaProxy(client),
      });
    const guesser = clientAddress(attempt, 31);
    expect((await read(0, guesser, "guess-1")).status).toBe(401);
    expect((await read(1, guesser, "guess-2")).status).toBe(401);
    const blocked = await read(0, guesser, "right");
    expect(blocked.status).toBe(429);
    expect(limitHeaders(blocked)).toMatchObject({ limit: 2, remaining: 0 });
    const other = await read(1, clientAddress(attempt, 32), "right");
    expect(other.status).toBe(200);
    expect(other.json.content).toBe("# rate limits");
  });
});
