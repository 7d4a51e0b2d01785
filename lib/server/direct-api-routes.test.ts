import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiAnswer } from "../http/api-answer";
import { matchRoute } from "../routes/match-route";
import { directApiHandler, directRoute } from "./direct-api-routes";

// The dispatcher alone, on a real loopback server, with stand-in handlers: what reaches a handler,
// what goes to the fallback (Next.js in production), and how answers are written back.

let server: Server;
let base = "";
const host = "localhost:4321";

beforeAll(async () => {
  const routes = [
    directRoute("api/v1/shares/[id]/read", {
      POST: async (request, { params }) =>
        new ApiAnswer(
          JSON.stringify({
            params: await params,
            url: request.url,
            method: request.method,
            header: request.headers.get("x-test"),
            body: await new Response(request.body).text(),
          }),
        ),
    }),
    directRoute("api/v1/shares/[id]/meta", {
      // A streamed body of a declared length: three chunks, the last one empty, then the end.
      GET: async () => {
        const chunks = ["é".repeat(3), "x".repeat(70_000), ""].map((text) => new TextEncoder().encode(text));
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            const chunk = chunks.shift();
            if (chunk) controller.enqueue(chunk);
            else controller.close();
          },
        });
        return new ApiAnswer(body, { headers: { "content-type": "text/plain", "content-length": "70006" } });
      },
    }),
    directRoute("api/v1/shares", {
      POST: async () =>
        new ApiAnswer(null, { status: 204, headers: { "x-one": "1", "set-cookie": "a=1; Path=/" } }),
    }),
  ];
  const handle = directApiHandler(routes, host, async (req, res) => {
    res.writeHead(299, { "content-type": "text/plain" });
    res.end(`fallback ${req.method} ${req.url}`);
  });
  // As the front server calls it, with the path matched once.
  server = createServer(
    (req, res) => void handle(req, res, matchRoute((req.url ?? "/").split("?", 1)[0] ?? "/")),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("directApiHandler", () => {
  it("passes the decoded params, the Next.js-style url, headers and the body to the handler", async () => {
    const response = await fetch(`${base}/api/v1/shares/%41b%2Fc/read?x=1`, {
      method: "POST",
      headers: { "x-test": "yes" },
      body: "héllo",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(
      String((await response.clone().arrayBuffer()).byteLength),
    );
    expect(await response.json()).toEqual({
      params: { id: "Ab/c" },
      url: `http://${host}/api/v1/shares/%41b%2Fc/read?x=1`,
      method: "POST",
      header: "yes",
      body: "héllo",
    });
  });

  it("says https in the request's URL when X-Forwarded-Proto does, as Next.js does", async () => {
    for (const [proto, scheme] of [
      ["https", "https"],
      ["https, http", "https"],
      ["http", "http"],
    ] as const) {
      const response = await fetch(`${base}/api/v1/shares/abc/read`, {
        method: "POST",
        headers: { "x-forwarded-proto": proto },
      });
      expect(((await response.json()) as { url: string }).url).toBe(
        `${scheme}://${host}/api/v1/shares/abc/read`,
      );
    }
  });

  it("hands methods a route does not export, other paths and trailing slashes to the fallback", async () => {
    for (const [method, path] of [
      ["GET", "/api/v1/shares/abc/read"],
      ["HEAD", "/api/v1/shares"],
      ["POST", "/api/v1/shares/"],
      ["POST", "/api/v1/shares/abc/read/"],
      ["GET", "/api/v1/health"],
      ["GET", "/"],
    ] as const) {
      const response = await fetch(`${base}${path}`, { method });
      expect(response.status, `${method} ${path}`).toBe(299);
      if (method !== "HEAD") expect(await response.text()).toBe(`fallback ${method} ${path}`);
    }
  });

  it("answers a method Next.js does not route with the path's 405 and Allow, or 404 off the routes", async () => {
    const answers: [string, string, number, string | null, unknown][] = [
      ["PROPFIND", "/api/v1/shares", 405, "GET, HEAD, OPTIONS, POST", "This path answers GET and POST only."],
      ["QUERY", "/api/v1/shares/abc/read", 405, "OPTIONS, POST", "This path answers POST only."],
      ["QUERY", "/api/v1/webhooks/abc", 405, "DELETE, OPTIONS", "This path answers DELETE only."],
      ["PROPFIND", "/admin/api/keys/", 405, "OPTIONS, POST", "This path answers POST only."],
      ["QUERY", "/api/v1/nothing/here", 404, null, "No such API route."],
    ];
    for (const [method, path, status, allow, message] of answers) {
      const response = await fetch(`${base}${path}`, { method });
      expect(response.status, `${method} ${path}`).toBe(status);
      expect(response.headers.get("allow"), `${method} ${path}`).toBe(allow);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
    const elsewhere = await fetch(`${base}/`, { method: "PROPFIND" });
    expect(await elsewhere.text()).toBe("fallback PROPFIND /");
  });

  it("streams a body that arrives in several chunks, with the length it declared", async () => {
    const response = await fetch(`${base}/api/v1/shares/abc/meta`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(6 + 70_000));
    expect(response.headers.get("transfer-encoding")).toBeNull();
    expect(await response.text()).toBe(`${"é".repeat(3)}${"x".repeat(70_000)}`);
  });

  it("writes the answer's headers and no body for a 204", async () => {
    const response = await fetch(`${base}/api/v1/shares`, { method: "POST", body: "{}" });
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie()).toEqual(["a=1; Path=/"]);
    expect(response.headers.get("x-one")).toBe("1");
    expect(await response.text()).toBe("");
  });

  it("answers paths that are not valid percent-encoding itself: JSON 404 under /api/, 400 elsewhere", async () => {
    const api = await fetch(`${base}/api/v1/shares/%E2%82/read`, { method: "POST" });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: "not_found", message: "No such API route." });
    const page = await fetch(`${base}/notes/%zz`);
    expect(page.status).toBe(400);
    expect(await page.text()).toBe("Bad request: the path is not valid percent-encoding.\n");
  });
});
