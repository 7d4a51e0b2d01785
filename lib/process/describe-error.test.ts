import pg from "pg";
import { describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../test/database";
import { errorFields, errorSummary } from "./describe-error";

// A note's text, a password hash or a token must never reach the log, whatever the error: the
// database's own errors quote the values a statement carried.
const marker = `marker-${Math.random().toString(36).slice(2)}`;

describe("errorFields", () => {
  it("logs a real database error by class and SQLSTATE, not the values it quotes", async () => {
    const client = new pg.Client({ connectionString: testDatabaseUrl() });
    await client.connect();
    try {
      await client.query("CREATE TEMP TABLE t (v text PRIMARY KEY)");
      await client.query("INSERT INTO t VALUES ($1)", [marker]);
      const error = await client
        .query("INSERT INTO t VALUES ($1)", [marker])
        .catch((caught: unknown) => caught);
      expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).toContain(marker);
      const logged = errorFields(error);
      expect(logged.error).toBe("DatabaseError (code 23505)");
      expect(JSON.stringify(logged)).not.toContain(marker);
    } finally {
      await client.end();
    }
  });

  it("summarizes an error whose message quotes the client's value by class and SQLSTATE only", async () => {
    const client = new pg.Client({ connectionString: testDatabaseUrl() });
    await client.connect();
    try {
      const error = await client.query("SELECT $1::uuid", [marker]).catch((caught: unknown) => caught);
      expect((error as Error).message).toContain(marker);
      expect(errorSummary(error)).toBe("DatabaseError (code 22P02)");
    } finally {
      await client.end();
    }
  });

  it("names the SQLSTATE a wrapper carries (Prisma's request error around the driver adapter's)", () => {
    const adapterError = Object.assign(new Error(`adapter ${marker}`), {
      cause: { kind: "postgres", originalCode: "53100", originalMessage: marker },
    });
    class PrismaClientKnownRequestError extends Error {
      code = "P2010";
      meta = { driverAdapterError: adapterError };
    }
    const summary = errorSummary(new PrismaClientKnownRequestError(marker));
    expect(summary).toBe("PrismaClientKnownRequestError (code P2010, SQLSTATE 53100)");
  });

  it("keeps the stack's frames and the cause as fields, without any message", () => {
    const cause = Object.assign(new Error(`inner ${marker}`), { code: "ENOSPC" });
    const logged = errorFields(new TypeError(`outer ${marker}`, { cause }));
    expect(JSON.stringify(logged)).not.toContain(marker);
    expect(logged).toEqual({
      error: "TypeError",
      stack: expect.arrayContaining([expect.stringMatching(/^at .*describe-error\.test\.ts/)]),
      cause: { error: "Error (code ENOSPC)", stack: expect.any(Array) },
    });
    expect(errorFields(marker)).toEqual({ error: "string" });
  });
});
