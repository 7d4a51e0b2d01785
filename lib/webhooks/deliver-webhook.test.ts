import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverWebhook } from "./deliver-webhook";

// One delivery attempt against real local HTTP servers.

const secret = `whsec_${Buffer.alloc(24, 7).toString("base64")}`;
const received: { path: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, body });
      if (request.url === "/redirect") response.writeHead(307, { location: "/elsewhere" }).end();
      else if (request.url === "/slow") setTimeout(() => response.writeHead(200).end(), 2_000);
      else response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const attempt = (path: string, options: { allowPrivate?: boolean; timeoutMs?: number } = {}) =>
  deliverWebhook({
    url: `${base}${path}`,
    secret,
    messageId: "msg_1",
    body: '{"type":"note.read"}',
    timeoutMs: options.timeoutMs ?? 5_000,
    allowPrivate: options.allowPrivate ?? true,
  });

describe("deliverWebhook", () => {
  it("POSTs the body signed per Standard Webhooks", async () => {
    received.length = 0;
    expect(await attempt("/hook")).toEqual({ delivered: true });
    const [request] = received;
    expect(request?.body).toBe('{"type":"note.read"}');
    expect(request?.headers["webhook-id"]).toBe("msg_1");
    expect(
      new Webhook(secret).verify(request?.body ?? "", request?.headers as Record<string, string>),
    ).toEqual({
      type: "note.read",
    });
  });

  it("does not follow a redirect: it is a failed attempt", async () => {
    received.length = 0;
    expect(await attempt("/redirect")).toEqual({ delivered: false, error: "HTTP 307" });
    expect(received.map((request) => request.path)).toEqual(["/redirect"]);
  });

  it("gives up an attempt at its timeout", async () => {
    expect(await attempt("/slow", { timeoutMs: 200 })).toEqual({ delivered: false, error: "timed out" });
  });

  it("refuses a private address unless allowed, without connecting", async () => {
    received.length = 0;
    expect(await attempt("/hook", { allowPrivate: false })).toEqual({
      delivered: false,
      error: "refused: its host does not resolve to a public address",
    });
    expect(received).toEqual([]);
  });
});
