import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { Prisma } from "../generated/prisma/client";
import { testDatabaseUrl } from "../test/database";
import {
  databaseStillOpening,
  embeddedDatabaseStopped,
  isDatabaseUnavailable,
  statementMayHaveRun,
} from "./database-unavailable";
import { queryPool } from "./pg-statements";

// Whether a failed statement may have run (503 outcome_unknown) or surely did not (503
// unavailable), told from real failures of a real Postgres, and from the unmarked shapes that reach
// the API through Prisma.

const pools: pg.Pool[] = [];
function poolOf(config: pg.PoolConfig) {
  const pool = new pg.Pool({ max: 1, ...config });
  pool.on("error", () => {});
  pools.push(pool);
  return pool;
}
afterAll(() => Promise.all(pools.map((pool) => pool.end())));

async function failureOf(pool: pg.Pool, statement: Prisma.Sql): Promise<unknown> {
  const error = await queryPool(pool, statement, { prepared: false }).then(
    () => new Error("the statement succeeded"),
    (failure: unknown) => failure,
  );
  expect(isDatabaseUnavailable(error)).toBe(true);
  return error;
}

describe("statementMayHaveRun, on real failures", () => {
  it("no: no connection could be had", async () => {
    const pool = poolOf({
      connectionString: "postgres://postgres@127.0.0.1:1/none",
      connectionTimeoutMillis: 2000,
    });
    expect(statementMayHaveRun(await failureOf(pool, Prisma.sql`SELECT 1`))).toBe(false);
  });

  it("no: Postgres cancelled the statement (statement_timeout), which rolls it back", async () => {
    const pool = poolOf({ connectionString: testDatabaseUrl(), statement_timeout: 50 });
    expect(statementMayHaveRun(await failureOf(pool, Prisma.sql`SELECT pg_sleep(5)`))).toBe(false);
  });

  it("yes: the reply did not come in time (the statement goes on, and may commit)", async () => {
    const pool = poolOf({ connectionString: testDatabaseUrl(), query_timeout: 100 });
    expect(statementMayHaveRun(await failureOf(pool, Prisma.sql`SELECT pg_sleep(1)`))).toBe(true);
  });

  it("yes: the connection ended while the statement ran", async () => {
    const pool = poolOf({ connectionString: testDatabaseUrl() });
    const error = await failureOf(pool, Prisma.sql`SELECT pg_terminate_backend(pg_backend_pid())`);
    expect(statementMayHaveRun(error)).toBe(true);
  });
});

describe("statementMayHaveRun, on errors that arrive unmarked", () => {
  const prismaError = (code: string, driverAdapterError?: unknown) =>
    Object.assign(new Error("Raw query failed."), { code, meta: { driverAdapterError } });

  it.each([
    ["the database still being opened", databaseStillOpening()],
    ["the embedded database stopped", embeddedDatabaseStopped()],
    ["Prisma: cannot reach the server", prismaError("P1001")],
    ["Prisma: no connection from the pool in time", prismaError("P2024")],
    [
      "a disk-full error from the database",
      Object.assign(new Error("no space"), { code: "53100", severity: "ERROR" }),
    ],
    [
      "Prisma: a statement timeout",
      prismaError("P2010", { cause: { kind: "postgres", originalCode: "57014" } }),
    ],
  ])("no: %s", (_, error) => expect(statementMayHaveRun(error)).toBe(false));

  it.each([
    ["a connection terminated", new Error("Connection terminated unexpectedly")],
    ["Prisma: the connection closed", prismaError("P2010", { cause: { kind: "ConnectionClosed" } })],
    ["a reset", Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" })],
    ["a broken pipe (not a SQLSTATE)", Object.assign(new Error("write EPIPE"), { code: "EPIPE" })],
  ])("yes: %s", (_, error) => expect(statementMayHaveRun(error)).toBe(true));
});
