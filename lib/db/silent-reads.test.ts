import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTcpProxy, type TcpProxy } from "../../e2e/support/tcp-proxy";
import { testDatabaseUrl } from "../test/database";
import { isDatabaseUnavailable, statementMayHaveRun } from "./database-unavailable";
import { queryPool } from "./pg-statements";
import { limitSilentReads, silentReadMessage } from "./silent-reads";

// The pool's limit on a silent connection, against the real Postgres behind a TCP proxy that can
// go silent (e2e/support/tcp-proxy.ts).

const limitMs = 300;
let proxy: TcpProxy;
let pool: pg.Pool;
const idleErrors: Error[] = [];

beforeAll(async () => {
  const url = new URL(testDatabaseUrl());
  proxy = await startTcpProxy({ port: 0, target: { host: url.hostname, port: Number(url.port || 5432) } });
  url.host = `127.0.0.1:${proxy.port}`;
  pool = new pg.Pool({ connectionString: url.href, max: 1 });
  pool.on("error", (error) => idleErrors.push(error));
  limitSilentReads(pool, limitMs);
});

afterAll(async () => {
  await pool.end();
  await proxy.close();
});

const select = (sql: string) =>
  queryPool<{ value: number }>(pool, { text: sql, values: [] }, { prepared: false });

describe("limitSilentReads", () => {
  it("leaves a connection idle in the pool for longer than the limit alone", async () => {
    expect(await select("SELECT 1 AS value")).toEqual([{ value: 1 }]);
    await new Promise((resolve) => setTimeout(resolve, limitMs * 3));
    expect(await select("SELECT 2 AS value")).toEqual([{ value: 2 }]);
    expect(pool.totalCount).toBe(1);
    expect(idleErrors).toEqual([]);
  });

  it("lets a statement that answers after a while, but not silently, finish", async () => {
    // Postgres sends nothing until the statement ends: a statement longer than the limit is cut,
    // and Postgres's own statement_timeout (90% of the limit) ends such a statement first.
    expect(await select("SELECT 3 AS value FROM pg_sleep(0.1)")).toEqual([{ value: 3 }]);
  });

  it("fails the statement of a connection gone silent, as one that may have run, not before the limit", async () => {
    proxy.setMode("blackhole");
    const started = Date.now();
    const failure = await select("SELECT 4 AS value").then(
      () => new Error("the statement succeeded"),
      (error: unknown) => error as Error,
    );
    const took = Date.now() - started;
    proxy.setMode("up");
    expect(failure.message).toBe(silentReadMessage);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(statementMayHaveRun(failure)).toBe(true);
    // Not cut early; how late is the machine's business (without the limit it would never end).
    expect(took).toBeGreaterThanOrEqual(limitMs - 20);
    // The connection left the pool; the next statement gets a new one.
    expect(await select("SELECT 5 AS value")).toEqual([{ value: 5 }]);
    expect(idleErrors).toEqual([]);
  });
});
