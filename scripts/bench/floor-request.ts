// What the floor (floor-server.ts) checks of a request before its duties, written out plainly like
// them (floor-duties.ts): the JSON body, and the shapes of an end-to-end note's envelope and key proof
// as the app checks them (cli/lib/envelope.js). Bad input gets a plain 4xx; it is not the measured path.
import type http from "node:http";

export class Refused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

const maxBodyBytes = 1024 * 1024;

/** The request's JSON object; an empty body is `{}`. */
export async function bodyOf(request: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    total += chunk.byteLength;
    if (total > maxBodyBytes) throw new Refused(413, "too_large");
    chunks.push(chunk);
  }
  try {
    const parsed: unknown = total === 0 ? {} : JSON.parse(Buffer.concat(chunks).toString("utf8"));
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>;
    }
  } catch {
    // answered below
  }
  throw new Refused(400, "bad_json");
}

// "v1.<mode>.<salt>.<iv>.<ciphertext>" in base64url parts, and 32 bytes of proof in 43 characters.
const envelopePattern = /^v1\.(key|key\+password)\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22,}$/;
const keyProofPattern = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

export const isEnvelope = (value: string) => envelopePattern.test(value);
export const isKeyProof = (value: unknown): value is string =>
  typeof value === "string" && keyProofPattern.test(value);
