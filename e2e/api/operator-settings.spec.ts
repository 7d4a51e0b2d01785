import { databaseUrl, expect, issueKey, test } from "../support/fixtures";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";

// TTL_CHOICES, DEFAULT_TTL and CREATE_REQUIRES_KEY, over HTTP on a server started with them: the
// API, the OpenAPI document and the create page all follow the settings; the shared test server
// (defaults) shows the defaults.

test.describe("operator settings", () => {
  // One server for these tests, so they run one after the other in one worker.
  test.describe.configure({ mode: "serial" });

  let server: ServerProcess;

  test.beforeAll(async () => {
    test.setTimeout(timeouts.serverTest);
    server = await startServer({
      env: {
        DATABASE_URL: databaseUrl,
        TTL_CHOICES: "5m,1h,90d",
        DEFAULT_TTL: "90d",
        CREATE_REQUIRES_KEY: "1",
      },
    });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  const create = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/v1/shares`, { method: "POST", headers, body: JSON.stringify(body) });

  type Document = {
    paths: Record<string, { post: { security: unknown[]; requestBody: unknown } }>;
  };

  /** The create operation of a server's OpenAPI document: its ttl values and who may call it. */
  async function createOperation(base: string) {
    const document = (await (await fetch(`${base}/api/v1/openapi.json`)).json()) as Document;
    const operation = document.paths["/api/v1/shares"]?.post;
    const body = JSON.stringify(operation?.requestBody);
    return {
      ttl: JSON.parse(/"ttl":\{"type":"string","enum":(\[[^\]]*\])/.exec(body)?.[1] ?? "null") as unknown,
      security: operation?.security,
    };
  }

  /** The create page's ttl options, in order, and the one selected. */
  async function ttlOptions(base: string) {
    const html = await (await fetch(`${base}/`)).text();
    const select = /<select id="ttl"[^>]*>(.*?)<\/select>/s.exec(html)?.[1] ?? "";
    const options = [...select.matchAll(/<option value="([^"]+)"( selected="")?>([^<]*)<\/option>/g)];
    return {
      html,
      options: options.map((option) => `${option[1]}=${option[3]}`),
      selected: options.filter((option) => option[2]).map((option) => option[1]),
    };
  }

  test("CREATE_REQUIRES_KEY=1: an anonymous create is 401 bad_api_key saying a key is required", async () => {
    const response = await create({ content: "x", ttl: "1h" });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: "bad_api_key",
      message: "This server needs an API key to create notes: send it as X-API-Key or Authorization: Bearer.",
    });
    const key = await issueKey();
    expect((await create({ content: "x", ttl: "1h" }, { "x-api-key": key })).status).toBe(201);
    expect((await create({ content: "x", ttl: "1h" }, { authorization: `Bearer ${key}` })).status).toBe(201);
  });

  test("TTL_CHOICES: exactly those ttl values are accepted, each with its lifetime", async () => {
    const key = await issueKey();
    for (const [ttl, seconds] of [
      ["5m", 300],
      ["1h", 3600],
      ["90d", 90 * 86400],
    ] as const) {
      const response = await create({ content: "x", ttl }, { "x-api-key": key });
      expect(response.status, ttl).toBe(201);
      const note = (await response.json()) as { created_at: number; expires_at: number };
      expect(note.expires_at - note.created_at, ttl).toBe(seconds);
    }
    for (const ttl of ["1d", "7d", "30d", "2h"]) {
      const response = await create({ content: "x", ttl }, { "x-api-key": key });
      expect(response.status, ttl).toBe(400);
      expect(await response.json()).toEqual({ error: "bad_ttl", message: "ttl: must be one of 5m, 1h, 90d" });
    }
  });

  test("the OpenAPI document lists the configured ttl values and, with a key required, no anonymous access", async ({
    baseURL,
  }) => {
    expect(await createOperation(server.url)).toEqual({
      ttl: ["5m", "1h", "90d"],
      security: [{ ApiKey: [] }, { BearerKey: [] }],
    });
    expect(await createOperation(baseURL ?? "")).toEqual({
      ttl: ["1h", "1d", "7d", "30d"],
      security: [{}, { ApiKey: [] }, { BearerKey: [] }],
    });
  });

  test("the create page offers TTL_CHOICES with DEFAULT_TTL selected, and says a key is required", async ({
    baseURL,
  }) => {
    const configured = await ttlOptions(server.url);
    expect(configured.options).toEqual(["5m=5 minutes", "1h=1 hour", "90d=90 days"]);
    expect(configured.selected).toEqual(["90d"]);
    expect(configured.html).toContain("This server creates notes only for holders of an API key");
    expect(configured.html).toContain("API key (required)");

    const defaults = await ttlOptions(baseURL ?? "");
    expect(defaults.options).toEqual(["1h=1 hour", "1d=1 day", "7d=7 days", "30d=30 days"]);
    expect(defaults.selected).toEqual(["1d"]);
    expect(defaults.html).not.toContain("This server creates notes only for holders of an API key");
    expect(defaults.html).toContain("API key (optional)");
  });
});
