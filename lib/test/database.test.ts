import pg from "pg";
import { describe, expect, it } from "vitest";
import { closePool, createTestDatabase } from "./database";

describe("closePool", () => {
  it("returns once every connection has closed, so a forced drop right after it terminates none", async () => {
    const database = await createTestDatabase("close_pool");
    const pool = new pg.Pool({ connectionString: database.url, max: 3 });
    let ended = 0;
    pool.on("connect", (client) => client.on("end", () => (ended += 1)));
    const errors: Error[] = [];
    pool.on("error", (error) => errors.push(error));
    await Promise.all([1, 2, 3].map(() => pool.query("SELECT pg_sleep(0.05)")));
    expect(pool.totalCount).toBe(3);

    await closePool(pool);
    expect(ended).toBe(3);
    await database.drop();
    expect(errors).toEqual([]);
  });

  it("returns at once for a pool that never connected, or none", async () => {
    await closePool(new pg.Pool({ connectionString: "postgres://127.0.0.1:1/none" }));
    await closePool(undefined);
  });
});
