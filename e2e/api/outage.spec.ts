import { randomBytes } from "node:crypto";
import pg from "pg";
import type { ErrorCode } from "../../lib/http/api-error";
import { errorBodySchema } from "../../lib/openapi/openapi-document";
import { createDatabase, dropDatabase } from "../../lib/test/database";
import { expect, healthReport, test } from "../support/fixtures";
import { databaseNotReady, startServer, type ServerProcess } from "../support/server-process";
import { storedContentCounts } from "../support/stored-pages";
import { startProxiedServer, type ProxiedServer } from "../support/proxied-server";
import type { TcpProxy } from "../support/tcp-proxy";
import { timeouts } from "../support/timeouts";

// Database outages against a real Postgres: a server of this spec's own reaches its database through
// a TCP proxy the test cuts and restores. Every answer comes while the database is still away (none
// waits for it to return) and is never a 500, nothing may be lost or stored twice, burn counts stay
// exact, and service resumes by itself.

// Short database timeouts keep the test quick.
const databaseTimeouts = { DATABASE_CONNECT_TIMEOUT_MS: "1000", DATABASE_QUERY_TIMEOUT_MS: "1500" };
// The webhook poll runs every so often whether or not any webhook exists: an outage spans many polls.
const webhookPollMs = 200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's log lines about the webhook poll. */
const pollLines = (server: ServerProcess) => server.logLines().filter((line) => /webhook/.test(line.msg));

type Result = { status: number; json: Record<string, unknown>; retryAfter: string | null };

let base = "";

async function call(method: string, path: string, body?: unknown): Promise<Result> {
  const response = await fetch(`${base}${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeouts.request),
  });
  const text = await response.text();
  return {
    status: response.status,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    retryAfter: response.headers.get("retry-after"),
  };
}

const create = (marker: string, extra: Record<string, unknown> = {}) =>
  call("POST", "/api/v1/shares", { content: marker, ttl: "1h", ...extra });
const read = (id: string) => call("POST", `/api/v1/shares/${id}/read`, {});

/** A 503 of one of `codes`: by default unavailable, the statement never ran. */
function expectUnavailable(result: Result, codes: ErrorCode[] = ["unavailable"]) {
  expect(result.status, JSON.stringify(result.json)).toBe(503);
  // The shape the OpenAPI document gives a 503.
  expect(errorBodySchema(codes).safeParse(result.json).success, JSON.stringify(result.json)).toBe(true);
  expect(result.retryAfter).toBe("5");
}

/** Whether the webhook poll's fan-out has moved the log's cursor past every entry of note `id`. */
async function fannedOut(sql: pg.Client, id: string): Promise<boolean> {
  const { rows } = await sql.query<{ passed: boolean }>(
    `SELECT (c.xact_id, c.event_id) >= (e.xact_id, e.id) AS passed
     FROM webhook_outbox_cursor c, note_events e WHERE c.id = 1 AND e.share_id = $1
     ORDER BY e.xact_id DESC, e.id DESC LIMIT 1`,
    [id],
  );
  return rows[0]?.passed ?? false;
}

/** How many times each marker is stored. */

async function readCount(sql: pg.Client, id: string): Promise<number> {
  const { rows } = await sql.query<{ read_count: number }>("SELECT read_count FROM shares WHERE id = $1", [
    id,
  ]);
  return rows[0]?.read_count ?? -1;
}

test.describe.configure({ mode: "serial" });

test.describe("database outages", () => {
  let proxy: TcpProxy | undefined;
  let sql: pg.Client | undefined;
  let proxied: ProxiedServer | undefined;
  const name = `notes_e2e_outage_${randomBytes(5).toString("hex")}`;

  test.beforeAll(async () => {
    test.setTimeout(timeouts.serverTest);
    proxied = await startProxiedServer({
      database: name,
      env: { ...databaseTimeouts, WEBHOOK_POLL_INTERVAL_MS: String(webhookPollMs) },
    });
    ({ proxy, sql } = proxied);
    base = proxied.server.url;
  });

  test.afterAll(async () => {
    await proxied?.stop();
  });

  test("a refused database: quick 503s, health says so, then service resumes with nothing lost", async () => {
    if (!proxy || !sql) throw new Error("set up failed");
    const burner = (await create("outage-burner", { burn_after: 4 })).json.id as string;
    expect((await read(burner)).json.remaining_views).toBe(3);
    const before = await create("outage-before");
    expect(before.status).toBe(201);

    proxy.setMode("refuse");
    // Once the server has seen its open connections end (a request on one as it ends may have been
    // sent, so its outcome is unknown: e2e/api/idempotency.spec.ts), nothing can be sent at all.
    await expect.poll(async () => (await call("GET", "/api/v1/health")).status).toBe(503);
    const during = ["outage-during-1", "outage-during-2"];
    for (const marker of during) expectUnavailable(await create(marker));
    expectUnavailable(await read(burner));
    expectUnavailable(await call("GET", `/api/v1/shares/${burner}/meta`));
    expectUnavailable(await call("DELETE", `/api/v1/shares/${before.json.id as string}`, undefined));
    const health = await call("GET", "/api/v1/health");
    expect(health.status).toBe(503);
    expect(health.json).toEqual(
      healthReport("unavailable", { database: "unavailable", rateLimit: "ok", backend: "memory" }),
    );

    proxy.setMode("up");
    await expect.poll(async () => (await call("GET", "/api/v1/health")).status).toBe(200);
    const after = await create("outage-after");
    expect(after.status).toBe(201);
    expect((await read(burner)).json.remaining_views).toBe(2);
    expect((await call("GET", `/api/v1/shares/${before.json.id as string}/meta`)).status).toBe(200);

    const stored = await storedContentCounts(sql, [
      "outage-before",
      "outage-after",
      "outage-burner",
      ...during,
    ]);
    expect(Object.fromEntries(stored)).toEqual({ "outage-before": 1, "outage-after": 1, "outage-burner": 1 });
    expect(await readCount(sql, burner)).toBe(2);
  });

  test("the webhook poll logs an outage once, saying what failed, and once more when it resumes", async () => {
    if (!proxy || !proxied) throw new Error("set up failed");
    const server = proxied.server;
    // An outage of an earlier test has been said to be over (or there was none).
    await expect.poll(() => pollLines(server).at(-1)?.level ?? "info").toBe("info");
    const before = pollLines(server).length;
    proxy.setMode("refuse");
    await expect.poll(async () => (await call("GET", "/api/v1/health")).status).toBe(503);
    // Many polls fail meanwhile (one every 200 ms), each the same way.
    await sleep(20 * webhookPollMs);
    proxy.setMode("up");
    await expect.poll(() => pollLines(server).length).toBe(before + 2);
    const [failed, resumed] = pollLines(server).slice(before);
    expect(failed).toEqual({
      time: expect.any(String),
      level: "error",
      msg: "webhook poll failed: the database is unavailable; retried at every run, logged again once it succeeds",
      error: expect.any(String),
    });
    expect(resumed).toEqual({
      time: expect.any(String),
      level: "info",
      msg: "webhook poll resumed: the database answers again",
      failed_runs: expect.any(Number),
      outage_ms: expect.any(Number),
    });
    expect(resumed?.failed_runs).toBeGreaterThan(1);
    // Once resumed, polls that succeed write nothing. Each poll first moves the log's cursor past the
    // new entries (lib/webhooks/fan-out-sql.ts), and the next one starts only once the last has logged
    // its outcome (lib/process/repeat-task.ts): when the cursor has passed a note created after it
    // passed another, a whole poll has run since the resumed line, and written whatever it would.
    const direct = proxied.sql;
    for (const marker of ["resumed-first", "resumed-second"]) {
      const id = (await create(marker)).json.id as string;
      await expect.poll(() => fannedOut(direct, id)).toBe(true);
    }
    expect(pollLines(server).length).toBe(before + 2);
  });

  test("a network gone silent under load: bounded answers, no 500, no lost or doubled note, exact burns", async () => {
    test.setTimeout(timeouts.serverTest);
    if (!proxy || !sql) throw new Error("set up failed");
    const burnAfter = 1000;
    const burner = (await create("silent-burner", { burn_after: burnAfter })).json.id as string;
    const creates: { marker: string; result: Result }[] = [];
    const reads: Result[] = [];
    let running = true;
    // Each phase lasts until every worker has had a create asked and answered within it: during the
    // silence, that answer is the proof that requests are not held until the database returns.
    type Phase = "before" | "silent" | "after";
    let phase: Phase = "before";
    const answeredIn = { before: new Set<number>(), silent: new Set<number>(), after: new Set<number>() };
    const load = async (worker: number) => {
      for (let i = 0; running; i++) {
        const marker = `silent-${worker}-${i}`;
        const askedIn = phase;
        creates.push({ marker, result: await create(marker) });
        if (phase === askedIn) answeredIn[askedIn].add(worker);
        reads.push(await read(burner));
      }
    };
    const workerCount = 3;
    const workers = Promise.all(Array.from({ length: workerCount }, (_, worker) => load(worker)));
    const everyWorkerAnswered = (within: Phase) =>
      expect.poll(() => answeredIn[within].size).toBe(workerCount);
    await everyWorkerAnswered("before");
    proxy.setMode("blackhole");
    phase = "silent";
    await everyWorkerAnswered("silent");
    proxy.setMode("up");
    await expect.poll(async () => (await call("GET", "/api/v1/health")).status).toBe(200);
    phase = "after";
    await everyWorkerAnswered("after");
    running = false;
    await workers;

    const all = [...creates.map((entry) => entry.result), ...reads];
    for (const result of all) {
      expect([200, 201, 404, 503], JSON.stringify(result.json)).toContain(result.status);
      // A silence in the middle of a statement leaves its outcome unknown; one before it, unavailable.
      if (result.status === 503) expectUnavailable(result, ["unavailable", "outcome_unknown"]);
    }
    // The outage was seen, and so was service before and after it.
    expect(all.filter((result) => result.status === 503).length).toBeGreaterThan(0);
    expect(creates.at(-1)?.result.status).toBe(201);

    // Every created note is stored exactly once. A create whose outcome is unknown may or may not
    // have committed before the silence (the client cannot know), an unavailable one never did, and
    // none is ever stored twice.
    const stored = await storedContentCounts(
      sql,
      creates.map((entry) => entry.marker),
    );
    for (const { marker, result } of creates) {
      if (result.status === 201) expect(stored.get(marker), marker).toBe(1);
      else if (result.json.error === "unavailable") expect(stored.get(marker) ?? 0, marker).toBe(0);
      else expect(stored.get(marker) ?? 0, marker).toBeLessThanOrEqual(1);
    }
    expect([...stored.values()].every((n) => n === 1)).toBe(true);

    // Burning stays exact: never more successful reads than burn_after, each remaining_views seen
    // once, and the stored count is the successes plus at most the reads that timed out.
    const served = reads.filter((result) => result.status === 200);
    // Only a read whose outcome is unknown may have spent a view; an unavailable one never ran.
    const timedOut = reads.filter((result) => result.json.error === "outcome_unknown").length;
    expect(served.length).toBeLessThanOrEqual(burnAfter);
    const remaining = served.map((result) => result.json.remaining_views as number);
    expect(new Set(remaining).size).toBe(remaining.length);
    const count = await readCount(sql, burner);
    expect(count).toBeGreaterThanOrEqual(served.length);
    expect(count).toBeLessThanOrEqual(Math.min(served.length + timedOut, burnAfter));
    if (count < burnAfter) {
      expect((await call("GET", `/api/v1/shares/${burner}/meta`)).json.remaining_views).toBe(
        burnAfter - count,
      );
    }
  });

  test("a database down at start: the server starts, answers 503, then migrates and serves", async () => {
    test.setTimeout(timeouts.serverTest);
    if (!proxy) throw new Error("set up failed");
    const fresh = `notes_e2e_outage_${randomBytes(5).toString("hex")}`;
    await createDatabase(fresh);
    const firstBase = base;
    let late: ServerProcess | undefined;
    try {
      proxy.setMode("refuse");
      late = await startServer({
        env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${proxy.port}/${fresh}`, ...databaseTimeouts },
      });
      base = late.url;
      expectUnavailable(await create("late-during"));
      expectUnavailable(await call("GET", "/api/v1/shares/AAAAAAAAAA/meta"));
      expect((await call("GET", "/api/v1/health")).status).toBe(503);

      proxy.setMode("up");
      await expect.poll(async () => (await call("GET", "/api/v1/health")).status).toBe(200);
      const created = await create("late-after", { burn_after: 1 });
      expect(created.status).toBe(201);
      expect((await read(created.json.id as string)).json).toMatchObject({
        content: "late-after",
        burned: true,
      });
      expect(late.logLines()).toContainEqual(
        expect.objectContaining({ level: "warn", msg: databaseNotReady }),
      );
    } finally {
      base = firstBase;
      proxy.setMode("up");
      await late?.stop("SIGKILL");
      await dropDatabase(fresh);
    }
  });
});
