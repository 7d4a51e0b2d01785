import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { sendJson, sendJsonRetrying } from "./call-api";
import { withRetries } from "./retry-request";

// The retries the viewer and the command-line client make (cli/lib/retry.js), against a real HTTP
// server that drops connections and answers 503 before it answers.

type Step = "drop" | 503 | 404 | 200;
let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server answering each request with the next step (the last one repeats); the keys it was sent. */
async function serve(steps: Step[]): Promise<{ url: string; keys: (string | undefined)[] }> {
  const keys: (string | undefined)[] = [];
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    keys.push(request.headers["idempotency-key"] as string | undefined);
    const step = steps[Math.min(keys.length - 1, steps.length - 1)] ?? 200;
    request.resume();
    if (step === "drop") return request.socket.destroy();
    const error = step === 503 ? "outcome_unknown" : "not_found";
    response.writeHead(step, { "content-type": "application/json", connection: "close" });
    response.end(JSON.stringify(step === 200 ? { content: "the note" } : { error, message: "…" }));
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/read`, keys };
}

const retryable = (outcome: { value: Awaited<ReturnType<typeof sendJson>> } | { error: unknown }) =>
  "value" in outcome && !outcome.value.ok && [0, 503].includes(outcome.value.status);

describe("sendJsonRetrying", () => {
  it("retries a dropped connection and a 503 with the same Idempotency-Key until the answer comes", async () => {
    const { url, keys } = await serve(["drop", 503, 200]);
    const result = await sendJsonRetrying<{ content: string }>(url, { body: {} });
    expect(result).toEqual({ ok: true, data: { content: "the note" } });
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("does not retry an answer that is not a 503 (a 404 is final)", async () => {
    const { url, keys } = await serve([404]);
    const result = await sendJsonRetrying(url, { body: {} });
    expect(result).toMatchObject({ ok: false, status: 404, error: "not_found" });
    expect(keys).toHaveLength(1);
  });
});

describe("withRetries", () => {
  it("gives up after its retries with the last answer; each request gets a key of its own", async () => {
    const { url, keys } = await serve([503]);
    const attempt = (key: string) => sendJson(url, { body: {}, headers: { "idempotency-key": key } });
    const result = await withRetries(attempt, retryable, { delaysMs: [0, 0, 0] });
    expect(result).toMatchObject({ ok: false, status: 503, error: "outcome_unknown" });
    expect(keys).toHaveLength(4);
    await withRetries(attempt, retryable, { delaysMs: [] });
    expect(new Set(keys).size).toBe(2);
  });

  it("throws the last error when every attempt threw", async () => {
    let attempts = 0;
    const failing = async () => {
      attempts++;
      throw new Error(`attempt ${attempts}`);
    };
    await expect(withRetries(failing, () => true, { delaysMs: [0, 0] })).rejects.toThrow("attempt 3");
  });
});
