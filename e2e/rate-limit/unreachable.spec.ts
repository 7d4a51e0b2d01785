import { randomBytes } from "node:crypto";
import { expect, healthReport, test } from "../support/fixtures";
import { timeouts } from "../support/timeouts";
import { startUpstashBridge, type UpstashBridge } from "../support/upstash-bridge";
import {
  call,
  inOneWindow,
  limitHeaders,
  loopback,
  note,
  startServer,
  type Answer,
  type TestServer,
} from "./servers";

// Upstash configured, through the test bridge in front of the machine's Redis, which these tests
// stop and start again. While it is down, creates and reads are let through without limits or
// RateLimit headers (failing open), and the server logs a warning; password attempts and admin
// sign-ins are refused with 503 unavailable and Retry-After (failing closed), before the password or
// the secret is looked at, so no view is spent. That the store gives up on a refused connection at
// once and never retries is lib/rate-limit/store.test.ts's to show.
test.describe.configure({ mode: "serial" });

const prefix = `notes-e2e-outage:${randomBytes(6).toString("hex")}`;
const adminSecret = "outage-spec-admin-secret";
let bridge: UpstashBridge | undefined;
let server: TestServer;
/** The password note of the outage, read once the store is back. */
let passwordNote = "";

/** The store's bridge, started again after the outage on the port it had: the server's URL for it stays. */
const startBridge = async () => startUpstashBridge({ port: bridgePort });
let bridgePort: number | undefined;

test.beforeAll(async () => {
  test.setTimeout(timeouts.serverTest);
  bridge = await startBridge();
  bridgePort = Number(new URL(bridge.url).port);
  server = await startServer({
    UPSTASH_REDIS_REST_URL: bridge.url,
    UPSTASH_REDIS_REST_TOKEN: bridge.token,
    RATE_LIMIT_PREFIX: prefix,
    RATE_LIMIT_STORE_TIMEOUT_MS: "500",
    RATE_LIMIT_CREATE: "1/1m",
    RATE_LIMIT_PASSWORD: "2/1m",
    ADMIN_SECRET: adminSecret,
  });
});
test.afterAll(async () => {
  await server?.stop();
  bridge ??= await startBridge();
  await bridge.deleteKeys(prefix);
  await bridge.close();
});

const create = (from: string, extra: Record<string, unknown> = {}) =>
  call({ port: server.port, path: "/api/v1/shares", body: note(extra), from });
const read = (id: string, from: string, body: Record<string, unknown> = {}) =>
  call({ port: server.port, path: `/api/v1/shares/${id}/read`, body, from });
const signIn = (secret: string, from: string) =>
  call({
    port: server.port,
    path: "/admin/api/session",
    body: { secret },
    from,
    headers: { origin: `http://127.0.0.1:${server.port}`, "sec-fetch-site": "same-origin" },
  });

/** A refusal because the attempt store is down: 503 unavailable, Retry-After, no RateLimit headers. */
function expectStoreDown(answer: Answer) {
  expect(answer.status, answer.text).toBe(503);
  expect(answer.json).toEqual({
    error: "unavailable",
    message: "These attempts cannot be counted right now, so none are accepted; retry in 5 s.",
  });
  expect(limitHeaders(answer)).toEqual({
    limit: undefined,
    remaining: undefined,
    reset: undefined,
    retryAfter: 5,
  });
}

test("with the store up, the password limit holds (2 a minute)", async () => {
  const id = (await create("127.0.3.1", { password: "right" })).json.id as string;
  // Within one window: across a boundary the sliding window's estimate lets a third guess through.
  await inOneWindow(60_000, 5_000, async (attempt) => {
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await read(id, loopback(attempt, 2), { password: `guess-${i}` })).status);
    expect(statuses).toEqual([401, 401, 429]);
  });
});

test("the store down: creates and reads go through unlimited, password attempts and sign-ins get 503", async () => {
  await bridge?.close();
  bridge = undefined;
  const client = "127.0.3.10";
  // Creates: over the limit of 1, all let through, without RateLimit headers.
  const created = [
    await create(client, { password: "right", burn_after: 1 }),
    await create(client),
    await create(client),
  ];
  expect(created.map((answer) => answer.status)).toEqual([201, 201, 201]);
  for (const answer of created) expect(answer.headers["ratelimit-limit"]).toBeUndefined();
  passwordNote = created[0]?.json.id as string;
  const plain = await read(created[1]?.json.id as string, client);
  expect(plain.status).toBe(200);
  expect(plain.headers["ratelimit-remaining"]).toBeUndefined();

  // Twelve guesses under a limit of two: none is checked, each is refused.
  for (let i = 0; i < 12; i++) expectStoreDown(await read(passwordNote, client, { password: `guess-${i}` }));
  // The right password too, before it is checked: no view is spent.
  expectStoreDown(await read(passwordNote, "127.0.3.11", { password: "right" }));
  const meta = await call({ port: server.port, path: `/api/v1/shares/${passwordNote}/meta`, from: client });
  expect(meta.json).toMatchObject({ remaining_views: 1, password_required: true });
  // No password at all is no attempt: the usual answer.
  expect((await read(passwordNote, client)).json.error).toBe("bad_password");

  // Admin sign-in, with the right secret or a wrong one: refused before the secret is compared.
  expectStoreDown(await signIn(adminSecret, "127.0.3.12"));
  expectStoreDown(await signIn("not-the-admin-secret", "127.0.3.12"));
  expect((await signIn(adminSecret, "127.0.3.12")).headers["set-cookie"]).toBeUndefined();

  const warnings = server
    .output()
    .split("\n")
    .filter((line) => line.includes("rate-limit store unavailable"))
    .map((line) => JSON.parse(line) as { time: string });
  expect(warnings.length).toBeGreaterThanOrEqual(1);
  for (const warning of warnings)
    expect(warning).toMatchObject({
      level: "warn",
      msg:
        "rate-limit store unavailable: creates and reads are not limited; " +
        "password attempts and admin sign-ins are refused (503)",
    });
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

test("the store back: the right password reads the note, whose one view the outage did not spend", async () => {
  bridge = await startBridge();
  await expect
    .poll(async () => (await call({ port: server.port, path: "/api/v1/health" })).json.status)
    .toBe("ok");
  const answer = await read(passwordNote, "127.0.3.20", { password: "right" });
  expect(answer.status).toBe(200);
  expect(answer.json).toMatchObject({ content: "# rate limits", remaining_views: 0, burned: true });
  expect((await signIn(adminSecret, "127.0.3.21")).status).toBe(204);
});
