import type { IncomingMessage } from "node:http";
import { maxBodyBytes, tooLarge } from "../http/read-json-body";
import { interceptParsedBody } from "./node-internals";

// Every route's request bodies are refused over one size, before any handler sees them: the JSON
// API reads at most that much anyway, and Next.js's pages otherwise read an oversized body up to a
// limit of their own and then cut the connection, so the client got a reset instead of an answer.
// A route that takes more or less declares its own (a file chunk's upload: one chunk).

/** The limit of every request whose route declares none. */
export const defaultBodyLimit = { maxBytes: maxBodyBytes, refusal: tooLarge };

/** What became of the body: all of it arrived within the limit, it went over, or the client left. */
type BodyCheck = "within" | "too_large" | "gone";

/**
 * Checks the request's body against `maxBytes`. A declared Content-Length answers at once (Node
 * holds the body to it). A chunked body, whose length shows only at its end, is held back from
 * every reader until it has all arrived, then handed on untouched; one that goes over is dropped
 * as it arrives (so the client, still sending, reads the refusal instead of stalling), up to the
 * request's own time limit.
 */
export function checkRequestBody(
  req: IncomingMessage,
  maxBytes: number,
): Exclude<BodyCheck, "gone"> | Promise<BodyCheck> {
  if (req.headers["transfer-encoding"] === undefined) {
    return Number(req.headers["content-length"] ?? 0) > maxBytes ? "too_large" : "within";
  }
  return holdChunkedBody(req, maxBytes);
}

/** Holds a chunked body back from its readers until it has all arrived (lib/server/node-internals.ts). */
function holdChunkedBody(req: IncomingMessage, maxBytes: number): Promise<BodyCheck> {
  return new Promise((resolve) => {
    let held: Buffer[] = [];
    let total = 0;
    interceptParsedBody(req, {
      piece(chunk) {
        total += chunk.byteLength;
        if (total <= maxBytes) held.push(chunk);
        else {
          held = [];
          resolve("too_large");
        }
      },
      end() {
        resolve(total <= maxBytes ? "within" : "too_large");
        return held;
      },
    });
    req.once("close", () => resolve("gone"));
  });
}
