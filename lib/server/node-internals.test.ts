import { createServer, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { interceptParsedBody } from "./node-internals";

// What interceptParsedBody assumes of Node's HTTP server, on a real one with real chunked requests:
// the parser delivers the body's pieces through the request's `push`, then `push(null)`, and none of
// it reaches a reader before the handler that intercepted it says so.

const broken = `Node ${process.version}'s HTTP parser no longer fills a request's body through req.push as lib/server/node-internals.ts assumes`;

type Seen = { pieces: string[]; queuedBeforeEnd: number; ends: number; read: string };

let server: Server;
let port = 0;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    const record: Seen = { pieces: [], queuedBeforeEnd: 0, ends: 0, read: "" };
    seen.push(record);
    interceptParsedBody(req, {
      piece(chunk) {
        record.pieces.push(chunk.toString());
        record.queuedBeforeEnd = Math.max(record.queuedBeforeEnd, req.readableLength);
      },
      end() {
        record.ends += 1;
        return record.pieces.map((piece) => Buffer.from(piece.toUpperCase()));
      },
    });
    req.setEncoding("utf8");
    req.on("data", (text: string) => (record.read += text));
    req.on("end", () => res.end("ok"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends a chunked POST whose pieces are written one by one, each after the previous was flushed. */
function postChunked(pieces: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const client = request({ port, host: "127.0.0.1", method: "POST", path: "/" }, (res) => {
      res.resume();
      res.on("end", resolve);
    });
    client.on("error", reject);
    const writeNext = () => {
      const piece = pieces.shift();
      if (piece === undefined) client.end();
      else client.write(piece, () => setTimeout(writeNext, 20));
    };
    // flushHeaders first, so that the handler runs before the first piece arrives
    client.flushHeaders();
    writeNext();
  });
}

describe(`interceptParsedBody on Node ${process.version}`, () => {
  it("sees every piece of a chunked body, then its end, and readers get what end returned", async () => {
    await postChunked(["one", "two", "three"]);
    const record = seen.at(-1);
    expect(record?.pieces.join(""), broken).toBe("onetwothree");
    expect(record?.ends, broken).toBe(1);
    expect(record?.queuedBeforeEnd, `${broken}: pieces reached the readers' queue`).toBe(0);
    expect(record?.read, broken).toBe("ONETWOTHREE");
  });

  it("sees a body that arrives with the headers, in one write", async () => {
    await new Promise<void>((resolve, reject) => {
      const client = request({ port, host: "127.0.0.1", method: "POST", path: "/" }, (res) => {
        res.resume();
        res.on("end", resolve);
      });
      client.on("error", reject);
      client.end("all at once");
    });
    const record = seen.at(-1);
    expect(record?.pieces.join(""), broken).toBe("all at once");
    expect(record?.read, broken).toBe("ALL AT ONCE");
  });
});
