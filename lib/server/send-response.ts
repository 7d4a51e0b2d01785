import type { ServerResponse } from "node:http";
import type { ApiAnswer } from "../http/api-answer";
import type { ApiError } from "../http/api-error";
import { errorResponse } from "../http/respond";
import { errorSummary } from "../process/describe-error";
import { writeLogLine } from "../process/log-line";

/**
 * Writes a streamed body (a file download, which declares its Content-Length) chunk by chunk as the
 * client takes it, so no more than a chunk or two is ever held; stops reading when the client leaves.
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
    writeLogLine({ level: "error", msg: "a streamed response failed", error: errorSummary(error) });
    res.destroy();
  }
}

/** Writes a handler's answer to Node's response; a text body with its Content-Length. */
export async function sendAnswer(res: ServerResponse, answer: ApiAnswer): Promise<void> {
  res.statusCode = answer.status;
  for (const [name, value] of answer.headers)
    res.setHeader(name, typeof value === "string" ? value : [...value]);
  const { body } = answer;
  if (body === null) {
    res.end();
    return;
  }
  if (typeof body !== "string") return streamBody(res, body);
  res.setHeader("content-length", Buffer.byteLength(body));
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
  if (pathname.startsWith("/api/")) return sendAnswer(res, errorResponse(refusal.apiError));
  res.writeHead(refusal.status, { "content-type": "text/plain; charset=utf-8" });
  res.end(`${refusal.text}\n`);
  return Promise.resolve();
}
