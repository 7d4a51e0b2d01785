import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { Prisma } from "../generated/prisma/client";
import { testDatabaseUrl } from "../test/database";
import { copyBytes, CopiedBytes, joinedParts } from "./query-bytes";

const pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 1 });
afterAll(() => pool.end());

/** A statement whose rows `(size, part)` cut `value` into parts of `slice` bytes. */
function sliced(value: Buffer, slice: number, size = value.length): Prisma.Sql {
  return Prisma.sql`
    SELECT ${size}::int AS size, substring(v FROM s FOR ${slice}::int) AS part
    FROM decode(${value.toString("hex")}::text, 'hex') AS v,
         generate_series(1, greatest(octet_length(v), 1), ${slice}::int) AS s
    ORDER BY s`;
}

/** A binary COPY's bytes (header, rows `(size, part)`, trailer), as the format defines them. */
function binaryCopy(size: number, parts: Buffer[]): Buffer {
  const int = (bytes: number, value: number) => {
    const field = Buffer.alloc(bytes);
    if (bytes === 2) field.writeInt16BE(value);
    else field.writeInt32BE(value);
    return field;
  };
  const header = [Buffer.from("PGCOPY\n\xff\r\n\0", "latin1"), int(4, 0), int(4, 3), Buffer.from("ext")];
  const rows = parts.flatMap((part) => [int(2, 2), int(4, 4), int(4, size), int(4, part.length), part]);
  return Buffer.concat([...header, ...rows, int(2, -1)]);
}

describe("copyBytes", () => {
  it("reads a value of many slices through a binary COPY, byte for byte", async () => {
    const value = randomBytes(100_000);
    expect((await copyBytes(pool, sliced(value, 32 * 1024)))?.equals(value)).toBe(true);
  });

  it("reads an empty value as empty and no rows as null", async () => {
    expect(await copyBytes(pool, sliced(Buffer.alloc(0), 16))).toEqual(Buffer.alloc(0));
    expect(await copyBytes(pool, Prisma.sql`SELECT 1::int AS size, '\\x00'::bytea AS part WHERE false`)).toBe(
      null,
    );
  });

  it("writes text values in as literals, quotes included", async () => {
    const statement = Prisma.sql`SELECT 4::int AS size, convert_to(${"it's"}::text, 'UTF8') AS part`;
    expect((await copyBytes(pool, statement))?.toString()).toBe("it's");
  });

  it("refuses parts that do not add up to the size, and the connection stays usable", async () => {
    const value = randomBytes(100);
    await expect(copyBytes(pool, sliced(value, 30, 99))).rejects.toThrow(
      "The parts are longer than the value's size.",
    );
    await expect(copyBytes(pool, sliced(value, 30, 101))).rejects.toThrow(
      "The parts are shorter than the size.",
    );
    await expect(copyBytes(pool, Prisma.sql`SELECT 1/0 AS size, '\\x00'::bytea AS part`)).rejects.toThrow(
      "division by zero",
    );
    expect((await copyBytes(pool, sliced(value, 30)))?.equals(value)).toBe(true);
  });
});

describe("CopiedBytes", () => {
  const parts = [randomBytes(1000), randomBytes(0), randomBytes(333)];
  const copy = binaryCopy(1333, parts);

  it("reads the value however the COPY's bytes are split", () => {
    for (const step of [1, 2, 3, 7, 19, 500, copy.length]) {
      const bytes = new CopiedBytes();
      for (let at = 0; at < copy.length; at += step) bytes.take(copy.subarray(at, at + step));
      expect(bytes.result()?.equals(Buffer.concat(parts))).toBe(true);
    }
  });

  it("refuses a COPY cut short, bytes after its trailer, and what is not a binary COPY", () => {
    const cut = new CopiedBytes();
    cut.take(copy.subarray(0, copy.length - 2));
    expect(() => cut.result()).toThrow("COPY ended before its trailer.");
    expect(() => new CopiedBytes().take(Buffer.concat([copy, Buffer.from([0])]))).toThrow(
      "COPY sent bytes after its trailer.",
    );
    expect(() => new CopiedBytes().take(Buffer.from("1\tabc\n".padEnd(19, " ")))).toThrow(
      "Not a binary COPY.",
    );
  });
});

describe("joinedParts", () => {
  it("joins the embedded database's rows in order, and answers null without rows", () => {
    const rows = [Buffer.from("ab"), Buffer.from("cde")].map((part) => ({ size: 5, part }));
    expect(Buffer.from(joinedParts(rows) ?? []).toString()).toBe("abcde");
    expect(joinedParts([])).toBe(null);
  });
});
