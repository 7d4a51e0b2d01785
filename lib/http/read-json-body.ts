import { ApiError } from "./api-error";
import type { ApiRequest } from "./api-request";
import { duplicateKeyPath } from "./duplicate-json-key";
import { quotedPath } from "./parse-body";
import { MiB } from "../byte-units";

/** Bodies larger than this are refused before any of them is parsed. */
export const maxBodyBytes = 2 * MiB;

export const tooLarge = () => new ApiError("too_large", `The request body is over ${maxBodyBytes} bytes.`);

/**
 * A client that goes away mid-body is its own fault, not a database outage or a bug: a 4xx that
 * nobody receives, and nothing logged as an error.
 */
const bodyEnded = () => new ApiError("bad_json", "The request body ended before it was complete.");

async function readCapped(request: ApiRequest): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBodyBytes) throw tooLarge();
  if (request.bodyBytes) {
    const bytes = await request.bodyBytes(maxBodyBytes).catch(() => {
      throw bodyEnded();
    });
    if (bytes === "too_large") throw tooLarge();
    return bytes;
  }
  if (!request.body) return new Uint8Array(0);

  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      throw bodyEnded();
    });
    if (done) break;
    total += value.byteLength;
    // Content-Length can be absent (chunked) or wrong, so the count is what decides.
    if (total > maxBodyBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

type BodyOptions = { emptyAsObject?: boolean };

/**
 * Reads a JSON object body; anything that is not UTF-8 JSON encoding an object is `bad_json`, and
 * an object with a key twice (at any depth) is `duplicate_key`: JSON.parse would keep the last one,
 * and `"password":"a","password":""` would make a note without a password.
 * With `emptyAsObject` an empty body is `{}` (reading a note without a password accepts that).
 */
export async function readJsonBody(
  request: ApiRequest,
  options: BodyOptions = {},
): Promise<Record<string, unknown>> {
  return parseJsonBody(await readCapped(request), options);
}

/** readJsonBody's parsing on its own, for a body already read (the benchmark's bare server). */
export function parseJsonBody(bytes: Uint8Array, options: BodyOptions = {}): Record<string, unknown> {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new ApiError("bad_json", "The request body is not valid UTF-8.");
  }
  if (options.emptyAsObject && text.trim() === "") return {};

  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError("bad_json", "The request body is not valid JSON.");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ApiError("bad_json", "The request body must be a JSON object.");
  }
  const duplicate = duplicateKeyPath(text);
  if (duplicate) {
    throw new ApiError(
      "duplicate_key",
      `The key ${quotedPath(duplicate)} appears twice in one object: send each key once.`,
    );
  }
  return value as Record<string, unknown>;
}
