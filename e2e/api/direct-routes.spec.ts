import { Agent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { expect, test } from "../support/fixtures";

// Under `npm start` the front server calls the notes API's compiled route handlers itself instead of
// going through Next.js's router (lib/server/direct-api-routes.ts). The api project runs the other API
// specs through that path, api-via-next again through the router; this one pins where the two meet.
// Next.js marks what it answers with a `vary` header naming its router's request headers; the direct
// path sends a content-length instead.

const base = `http://127.0.0.1:${process.env.E2E_PORT}`;

type Answer = { status: number; headers: IncomingHttpHeaders; body: string; reusedSocket: boolean };

/** A request with its path sent exactly as written (fetch and Playwright would re-encode `%zz`). */
function send(
  method: string,
  path: string,
  options: { body?: string | Buffer; headers?: Record<string, string>; agent?: Agent } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${base}${path}`,
      { method, headers: options.headers, agent: options.agent },
      (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            reusedSocket: request.reusedSocket,
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

const nextRouterVary = "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch";

test.describe("notes API served directly by the front server", () => {
  test("create, meta, read and delete answer from the direct path with exact lengths", async () => {
    const created = await send("POST", "/api/v1/shares", {
      body: JSON.stringify({ content: "# direct", ttl: "1h" }),
      headers: { "content-type": "application/json" },
    });
    expect(created.status).toBe(201);
    const { id, delete_token: deleteToken } = JSON.parse(created.body) as {
      id: string;
      delete_token: string;
    };
    const meta = await send("GET", `/api/v1/shares/${id}/meta`);
    const read = await send("POST", `/api/v1/shares/${id}/read`);
    const deleted = await send("DELETE", `/api/v1/shares/${id}`, {
      headers: { "x-delete-token": deleteToken },
    });
    expect([meta.status, read.status, deleted.status]).toEqual([200, 200, 204]);
    for (const answer of [created, meta, read]) {
      expect(answer.headers.vary).toBeUndefined();
      expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(answer.body)));
      expect(answer.headers["transfer-encoding"]).toBeUndefined();
      expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    }
    expect(created.headers.location).toBe(`${base}/api/v1/shares/${id}/meta`);
    expect(deleted.headers.vary).toBeUndefined();
    expect(deleted.body).toBe("");

    // Routes outside the notes API still go through Next.js.
    const health = await send("GET", "/api/v1/health");
    expect(health.status).toBe(200);
    expect(health.headers.vary).toBe(nextRouterVary);
    const unknown = await send("GET", "/api/v1/nowhere");
    expect(unknown.headers.vary).toBe(nextRouterVary);
    expect(JSON.parse(unknown.body)).toEqual({ error: "not_found", message: "No such API route." });
  });

  test("HEAD, which GET routes leave to Next.js, and trailing slashes are still Next.js's", async ({
    api,
  }) => {
    const id = await api.createId({ content: "head and options", ttl: "1h" });
    const head = await send("HEAD", `/api/v1/shares/${id}/meta`);
    expect(head.status).toBe(200);
    expect(head.headers["cache-control"]).toBe("no-store");
    expect(head.headers.vary).toBe(nextRouterVary);
    expect(head.body).toBe("");

    const slash = await send("GET", `/api/v1/shares/${id}/meta/`);
    expect(slash.status).toBe(308);
    expect(slash.headers.location).toBe(`/api/v1/shares/${id}/meta`);
  });

  test("links say https when X-Forwarded-Proto does, as Next.js's request URL would", async () => {
    const created = await send("POST", "/api/v1/shares", {
      body: JSON.stringify({ content: "behind a TLS proxy", ttl: "1h" }),
      headers: { "content-type": "application/json", "x-forwarded-proto": "https" },
    });
    expect(created.status).toBe(201);
    const { id, url } = JSON.parse(created.body) as { id: string; url: string };
    expect(url).toBe(`https://127.0.0.1:${process.env.E2E_PORT}/${id}`);
    expect(created.headers.location).toBe(
      `https://127.0.0.1:${process.env.E2E_PORT}/api/v1/shares/${id}/meta`,
    );
  });

  test("ids are percent-decoded as Next.js does; a query string is ignored", async ({ api }) => {
    const id = await api.createId({ content: "encoded", ttl: "1h" });
    const encoded = `%${id.charCodeAt(0).toString(16).toUpperCase()}${id.slice(1)}`;
    const meta = await send("GET", `/api/v1/shares/${encoded}/meta?utm_source=x`);
    expect(meta.status).toBe(200);
    expect((JSON.parse(meta.body) as { id: string }).id).toBe(id);

    const slashInside = await send("GET", `/api/v1/shares/${id.slice(0, 5)}%2F${id.slice(5)}/meta`);
    expect(slashInside.status).toBe(404);
    expect(JSON.parse(slashInside.body)).toEqual({
      error: "not_found",
      message: "No such note (it may have expired or been burned).",
    });
  });

  test("a path that is not valid percent-encoding is a 4xx, never Next.js's 500", async () => {
    for (const path of [
      "/api/v1/shares/a%zz/meta",
      "/api/v1/shares/%FF",
      "/api/v1/a%zz",
      "/api/v1/health%",
    ]) {
      const answer = await send("GET", path);
      expect(answer.status, path).toBe(404);
      expect(JSON.parse(answer.body), path).toEqual({ error: "not_found", message: "No such API route." });
    }
    const refused = await send("POST", "/api/v1/shares/%E2%82/read", { body: "{}" });
    expect(refused.status).toBe(404);
    for (const path of ["/a%zz", "/%FF%FE", "/admin/api/notes/a%zz", "/_next/static/%zz.js"]) {
      const answer = await send("GET", path);
      expect(answer.status, path).toBe(400);
      expect(answer.headers["content-type"], path).toBe("text/plain; charset=utf-8");
      expect(answer.body, path).toBe("Bad request: the path is not valid percent-encoding.\n");
    }
  });

  test("a body refused as too large leaves the keep-alive connection usable", async ({ api }) => {
    const id = await api.createId({ content: "after the big one", ttl: "1h" });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const warm = await send("GET", `/api/v1/shares/${id}/meta`, { agent });
      expect(warm.status).toBe(200);
      const big = await send("POST", "/api/v1/shares", {
        agent,
        body: Buffer.alloc(3 * 1024 * 1024, "a"),
        headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      });
      expect(big.status).toBe(413);
      expect(JSON.parse(big.body)).toEqual({
        error: "too_large",
        message: "The request body is over 2097152 bytes.",
      });
      expect(big.reusedSocket).toBe(true);
      const after = await send("GET", `/api/v1/shares/${id}/meta`, { agent });
      expect(after.status).toBe(200);
      expect(after.reusedSocket).toBe(true);
    } finally {
      agent.destroy();
    }
  });
});
