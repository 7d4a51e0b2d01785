import pg from "pg";
import type { Prisma } from "../generated/prisma/client";
import { onPoolClient } from "./pg-statements";

// One binary value (a file's chunk) from rows `(size int4, part bytea)`: `size` bytes, the parts in
// order. The embedded database answers the rows as values. pg answers every column as text, and
// bytea as text is hex: each byte costs two on the socket, a string of twice its size and a buffer
// decoded from it, garbage that a large download makes faster than V8 collects it
// (docs/benchmarks.md); its `binary: true` cannot help, as it decodes every field as UTF-8. So
// Postgres is read through `COPY (query) TO STDOUT (FORMAT binary)`: the bytes come as they are,
// and pg hands over each CopyData message as a buffer, copied here straight into the value.

/** COPY's binary header: the signature, a flags word, then the length of an extension area. */
const signature = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");
const headerLength = signature.length + 8;

type Step = "header" | "extension" | "fields" | "length" | "size" | "part";

/**
 * The value the rows `(size int4, part bytea)` of a binary COPY make: `size` bytes, the parts in
 * order. Fed the COPY's bytes however its messages split them.
 */
export class CopiedBytes {
  value: Buffer | null = null;
  private written = 0;
  private step: Step = "header";
  /** the fixed-size piece being read (header, field count, length, size) and how much of it came */
  private readonly piece = Buffer.alloc(headerLength);
  private pieceFilled = 0;
  /** bytes left of the extension area or of the current part */
  private left = 0;
  private field = 0;
  done = false;

  take(data: Buffer): void {
    let at = 0;
    while (at < data.length) {
      if (this.done) throw new Error("COPY sent bytes after its trailer.");
      if (this.step === "extension" || this.step === "part") {
        const take = Math.min(this.left, data.length - at);
        if (this.step === "part") this.write(data.subarray(at, at + take));
        at += take;
        this.left -= take;
        if (this.left === 0) this.step = "fields";
        continue;
      }
      const want = { header: headerLength, fields: 2, length: 4, size: 4 }[this.step];
      const take = Math.min(want - this.pieceFilled, data.length - at);
      data.copy(this.piece, this.pieceFilled, at, at + take);
      this.pieceFilled += take;
      at += take;
      if (this.pieceFilled === want) {
        this.pieceFilled = 0;
        this.read(this.piece.subarray(0, want));
      }
    }
  }

  /** What a complete fixed-size piece says, and the step after it. */
  private read(piece: Buffer): void {
    if (this.step === "header") {
      if (!piece.subarray(0, signature.length).equals(signature)) throw new Error("Not a binary COPY.");
      this.left = piece.readUInt32BE(headerLength - 4);
      this.step = this.left > 0 ? "extension" : "fields";
    } else if (this.step === "fields") {
      const fields = piece.readInt16BE(0);
      if (fields === -1) this.done = true;
      else if (fields !== 2) throw new Error(`A row of ${fields} columns, not (size, part).`);
      this.field = 0;
      this.step = "length";
    } else if (this.step === "length") {
      this.left = piece.readInt32BE(0);
      if (this.left < 0) throw new Error("A null column.");
      this.step = this.field === 0 ? "size" : "part";
      if (this.step === "part" && this.left === 0) this.step = "fields";
    } else {
      const size = piece.readInt32BE(0);
      if (this.value === null) this.value = Buffer.allocUnsafe(size);
      else if (size !== this.value.length) throw new Error("The rows disagree on the value's size.");
      this.field = 1;
      this.step = "length";
    }
  }

  private write(part: Buffer): void {
    if (!this.value || this.written + part.length > this.value.length) {
      throw new Error("The parts are longer than the value's size.");
    }
    part.copy(this.value, this.written);
    this.written += part.length;
  }

  result(): Buffer | null {
    if (!this.done) throw new Error("COPY ended before its trailer.");
    if (this.value && this.written !== this.value.length)
      throw new Error("The parts are shorter than the size.");
    return this.value;
  }
}

/** A COPY to the client as pg runs it: a query object pg hands the connection's messages to. */
class CopyOut implements pg.Submittable {
  private readonly bytes = new CopiedBytes();
  private failure: Error | null = null;
  private settled = false;

  constructor(
    private readonly text: string,
    public callback: (error: Error | null, value?: Buffer | null) => void,
  ) {}

  submit(connection: pg.Connection): void {
    (connection as unknown as { query(text: string): void }).query(this.text);
  }

  handleCopyData(message: { chunk: Buffer }): void {
    if (this.failure) return;
    try {
      this.bytes.take(message.chunk);
    } catch (error) {
      this.failure = error as Error;
    }
  }

  handleError(error: Error): void {
    this.settle(error);
  }

  handleReadyForQuery(): void {
    if (this.failure) return this.settle(this.failure);
    try {
      this.settle(null, this.bytes.result());
    } catch (error) {
      this.settle(error as Error);
    }
  }

  handleCommandComplete(): void {}
  handleEmptyQuery(): void {}

  private settle(error: Error | null, value?: Buffer | null): void {
    if (this.settled) return;
    this.settled = true;
    this.callback(error, value);
  }
}

/** The statement's text with its values written in as literals: COPY takes no parameters. */
function inlined(statement: Prisma.Sql): string {
  return statement.strings.reduce((text, piece, index) => {
    const value = statement.values[index - 1];
    if (typeof value !== "string" && typeof value !== "number") {
      throw new TypeError("Only text and numbers can be written into a COPY statement.");
    }
    return text + pg.escapeLiteral(String(value)) + piece;
  });
}

export type BytesRow = { size: number; part: Uint8Array };

/** The rows' parts as one buffer (a value of one part needs no copy); null without rows. */
export function joinedParts(rows: BytesRow[]): Uint8Array | null {
  const [first] = rows;
  if (!first) return null;
  if (rows.length === 1) return first.part;
  const value = Buffer.allocUnsafe(first.size);
  let offset = 0;
  for (const row of rows) {
    value.set(row.part, offset);
    offset += row.part.byteLength;
  }
  return value;
}

/**
 * The value `statement`'s rows make (see CopiedBytes); null without rows.
 * The statement's values are written into its text, so each must carry a cast (`${id}::uuid`).
 */
export function copyBytes(pool: pg.Pool, statement: Prisma.Sql): Promise<Buffer | null> {
  const text = `COPY (${inlined(statement)}) TO STDOUT (FORMAT binary)`;
  return onPoolClient(
    pool,
    (client) =>
      new Promise<Buffer | null>((resolve, reject) => {
        void client.query(
          new CopyOut(text, (error, value) => (error ? reject(error) : resolve(value ?? null))),
        );
      }),
  );
}
