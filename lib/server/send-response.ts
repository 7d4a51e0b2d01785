import type { ServerResponse } from "node:http";
import type { ApiError } from "../http/api-error";
import { errorResponse } from "../http/respond";

/**
 * A body's chunks, read off its stream directly: `arrayBuffer()` reaches the same chunks through
 * about twice as many promises, which cost more still once Next.js has turned on async context
 * tracking (docs/benchmarks.md).
 */
async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  return chunks;
}

/**
 * Writes a body that declared its Content-Length (a file download) chunk by chunk as the client
 * takes it, so no more than a chunk or two is ever held; stops reading when the client leaves.
 */
async function streamBody(res: ServerResponse, body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  const left = new Promise<void>((resolve) => res.once("close", resolve));
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      if (res.destroyed) break;
      if (!res.write(read.value))
        await Promise.race([new Promise((resolve) => res.once("drain", resolve)), left]);
    }
    if (res.destroyed) await reader.cancel();
    else res.end();
  } catch (error) {
    // Headers are out: the only way left to say the body is incomplete is to cut the connection.
    console.error(`A streamed response failed: ${error instanceof Error ? error.name : "error"}`);
    res.destroy();
  }
}

/** Writes a Web `Response` to Node's response, with a Content-Length. */
export async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (!response.body) {
    res.end();
    return;
  }
  if (response.headers.has("content-length")) return streamBody(res, response.body);
  const chunks = await readAll(response.body);
  const body = chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks);
  res.setHeader("content-length", body.byteLength);
  res.end(body);
}

/**
 * A request the front server answers itself, before any route: under `/api/` with the API's JSON
 * error (`apiError`), elsewhere with one line of text.
 */
export function refuseRequest(
  res: ServerResponse,
  pathname: string,
  refusal: { apiError: ApiError; status: number; text: string },
): Promise<void> {
  if (pathname.startsWith("/api/")) return sendResponse(res, errorResponse(refusal.apiError));
  res.writeHead(refusal.status, { "content-type": "text/plain; charset=utf-8" });
  res.end(`${refusal.text}\n`);
  return Promise.resolve();
}
