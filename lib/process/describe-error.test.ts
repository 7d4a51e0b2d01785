import pg from "pg";
import { describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../test/database";
import { describeError } from "./describe-error";

// A note's text, a password hash or a token must never reach the log, whatever the error: the
// database's own errors quote the values a statement carried.
const marker = `marker-${Math.random().toString(36).slice(2)}`;

describe("describeError", () => {
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
      const logged = describeError(error);
      expect(logged.split("\n")[0]).toBe("DatabaseError (code 23505)");
      expect(logged).not.toContain(marker);
    } finally {
      await client.end();
    }
  });

  it("keeps the stack's frames and the cause, without any message", () => {
    const cause = Object.assign(new Error(`inner ${marker}`), { code: "ENOSPC" });
    const logged = describeError(new TypeError(`outer ${marker}`, { cause }));
    expect(logged).not.toContain(marker);
    expect(logged.split("\n")[0]).toBe("TypeError");
    expect(logged).toMatch(/\n\s+at .*describe-error\.test\.ts/);
    expect(logged).toContain("\ncaused by Error (code ENOSPC)\n");
    expect(describeError(marker)).toBe("string");
  });
});
