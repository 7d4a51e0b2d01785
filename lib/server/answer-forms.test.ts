import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../http/api-error";
import { publicBaseUrl } from "../http/public-url";
import { readJsonBody } from "../http/read-json-body";
import { jsonResponse } from "../http/respond";
import { routeHandlers } from "../http/route-handlers";
import { matchRoute } from "../routes/match-route";
import { directApiHandler, directRoute } from "./direct-api-routes";

// One route's handlers answered both ways: as Next.js calls its exports (a Web Request in, a Response
// out) and as the front server calls them (Node's request in, the answer written to Node's
// response). For the same request, the status, the headers and the body's bytes are the same.

const host = "localhost:4321";
const exports = routeHandlers("/api/v1/shares/[id]/read", {
  POST: async (request, { id }) => {
    const body = await readJsonBody(request, { emptyAsObject: true });
    if (body.missing) throw new ApiError("not_found", `No note ${id}.`);
    if (body.crash) throw new Error("a bug");
    const headers = { "cache-control": "no-store", location: `${publicBaseUrl(request)}/x` };
    return jsonResponse({ id, body, agent: request.headers.get("user-agent") }, { status: 201, headers });
  },
});

let server: Server;
let base = "";

beforeAll(async () => {
  const { POST, PUT, OPTIONS } = exports;
  // As the front server loads them from the build, which names no route's params.
  const answers = { POST: POST.answer, PUT: PUT.answer, OPTIONS: OPTIONS.answer };
  const route = directRoute(
    "api/v1/shares/[id]/read",
    answers as unknown as Parameters<typeof directRoute>[1],
  );
  const handle = directApiHandler([route], host, () => Promise.reject(new Error("not direct")));
  // As the front server calls it, with the path matched once.
  server = createServer(
    (req, res) => void handle(req, res, matchRoute((req.url ?? "/").split("?", 1)[0] ?? "/")),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** What Node's server adds to every answer itself, and the length Next.js's server adds. */
const transport = new Set(["date", "connection", "keep-alive", "content-length"]);

/**
 * The read route charges the read limit, so the second of two same requests has one fewer left (and
 * its reset may be a second nearer): those two are compared apart.
 */
const counting = new Set(["ratelimit-remaining", "ratelimit-reset"]);

async function seen(response: Response) {
  const headers = [...response.headers].filter(([name]) => !transport.has(name) && !counting.has(name));
  const remaining = Number(response.headers.get("ratelimit-remaining") ?? -1);
  const reset = Number(response.headers.get("ratelimit-reset") ?? 0);
  return {
    status: response.status,
    headers,
    body: Buffer.from(await response.arrayBuffer()),
    remaining,
    reset,
  };
}

const requests: [method: "POST" | "PUT" | "OPTIONS", path: string, body: string | undefined][] = [
  ["POST", "/api/v1/shares/abc%2Fd/read?x=1", '{"password":"é"}'],
  ["POST", "/api/v1/shares/abc/read", ""],
  ["POST", "/api/v1/shares/abc/read", '{"missing":true}'],
  ["POST", "/api/v1/shares/abc/read", '{"crash":true}'],
  ["POST", "/api/v1/shares/abc/read", "[1]"],
  ["POST", "/api/v1/shares/abc/read", "\xff"],
  ["PUT", "/api/v1/shares/abc/read", "{}"],
  ["OPTIONS", "/api/v1/shares/abc/read", undefined],
];

describe("a direct route's answer", () => {
  it.each(requests)("is the Next.js export's, byte for byte: %s %s %s", async (method, path, body) => {
    const headers = { "user-agent": "forms-test" };
    const direct = await fetch(`${base}${path}`, { method, headers, body });
    const directSeen = await seen(direct);
    expect(direct.headers.get("content-length") ?? "0").toBe(String(directSeen.body.byteLength));
    const params = Promise.resolve({ id: decodeURIComponent(path.split("/")[4] ?? "") });
    // The Host that fetch sent to the front server.
    const sent = { ...headers, host: new URL(base).host };
    const request = new Request(`http://${host}${path}`, { method, headers: sent, body });
    const nextSeen = await seen(await exports[method](request, { params }));
    // Only a charged answer (a POST) has the counts; a refused method's has neither.
    const charged = directSeen.remaining === -1 ? -1 : directSeen.remaining - 1;
    expect({ ...directSeen, remaining: charged, reset: 0 }).toEqual({ ...nextSeen, reset: 0 });
    expect(Math.abs(directSeen.reset - nextSeen.reset)).toBeLessThanOrEqual(1);
  });

  it("says what each request above answers", async () => {
    const statuses = [];
    for (const [method, path, body] of requests) {
      statuses.push((await fetch(`${base}${path}`, { method, body })).status);
    }
    expect(statuses).toEqual([201, 201, 404, 500, 400, 400, 405, 204]);
  });
});
