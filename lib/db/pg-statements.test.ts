import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { Prisma } from "../generated/prisma/client";
import { testDatabaseUrl } from "../test/database";
import { ofShape, queryPool } from "./pg-statements";

// One connection, so that every statement lands where pg_prepared_statements can see it.
const pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 1 });
afterAll(() => pool.end());

const preparedNames = async () =>
  (
    await pool.query<{ name: string }>(
      "SELECT name FROM pg_prepared_statements WHERE name LIKE 'notes\\_%' ORDER BY name",
    )
  ).rows.map((row) => row.name);

describe("queryPool", () => {
  it("runs statements unnamed when prepared statements are off", async () => {
    const rows = await queryPool<{ n: number }>(pool, Prisma.sql`SELECT ${7}::int + 1 AS n`, {
      prepared: false,
    });
    expect(rows).toEqual([{ n: 8 }]);
    expect(await preparedNames()).toEqual([]);
  });

  it("prepares each statement text once per connection, and names at most 32 texts", async () => {
    const statement = (i: number, value: number) =>
      Prisma.sql`SELECT ${value}::int * ${i}::int AS n, ${`text ${i}`}::text AS t, ${i}::int AS i_${Prisma.raw(String(i))}`;
    // The same text twice with other values: one name, right answers both times.
    expect(await queryPool(pool, statement(1, 5), { prepared: true })).toEqual([
      { n: 5, t: "text 1", i_1: 1 },
    ]);
    expect(await queryPool(pool, statement(1, 6), { prepared: true })).toEqual([
      { n: 6, t: "text 1", i_1: 1 },
    ]);
    expect(await preparedNames()).toEqual(["notes_1"]);

    // 40 texts in all: the first 32 get names, the rest still run, unnamed.
    for (let i = 2; i <= 40; i++) {
      expect(await queryPool(pool, statement(i, 2), { prepared: true })).toEqual([
        { n: 2 * i, t: `text ${i}`, [`i_${i}`]: i },
      ]);
    }
    const names = await preparedNames();
    expect(names).toHaveLength(32);
    expect(new Set(names)).toEqual(new Set(Array.from({ length: 32 }, (_, i) => `notes_${i + 1}`)));
  });
});

describe("ofShape", () => {
  const pick = (column: "a" | "bb", value: number) =>
    Prisma.sql`SELECT ${value}::int AS ${Prisma.raw(column)}`;

  it("gives every statement of a shape the first one's text object, with its own values", () => {
    const first = ofShape("test pick", pick("a", 1));
    const second = ofShape("test pick", pick("a", 2));
    expect(second.text).toBe(first.text);
    expect(second.values).toEqual([2]);
  });

  it("keeps a statement's own text when its pieces are not the shape's", async () => {
    ofShape("test pick again", pick("a", 1));
    const other = ofShape("test pick again", pick("bb", 3));
    expect(other.text).toBe("SELECT $1::int AS bb");
    expect(await queryPool(pool, other, { prepared: false })).toEqual([{ bb: 3 }]);
  });
});
