import { expect, test } from "../support/fixtures";
import { cleanup, serverOfItsOwn } from "../support/housekeeping";
import { timeouts } from "../support/timeouts";

// GET /metrics (lib/metrics): off by default, behind a bearer token when on, and exact counts after
// known traffic. The server has a database of its own, so no other spec's notes are counted, and
// the metrics it shows come from the one registry of its process: the note counters are kept by
// Next.js's build of lib/, the request counters by the front server's.

const token = "metrics-token-0123456789";

test("is 404 on a server without METRICS_TOKEN", async ({ request }) => {
  expect((await request.get("/metrics")).status()).toBe(404);
  expect((await request.get("/metrics", { headers: { authorization: `Bearer ${token}` } })).status()).toBe(
    404,
  );
});

test.describe("with METRICS_TOKEN", () => {
  // One server for these tests, so they run one after the other in one worker.
  test.describe.configure({ mode: "serial" });

  const server = serverOfItsOwn({
    name: "notes_e2e_metrics",
    env: {
      METRICS_TOKEN: token,
      // A week's window: the sliding window never carries less than five creates into a sixth.
      RATE_LIMIT_CREATE: "5/168h",
      UPSTASH_REDIS_REST_URL: undefined,
      UPSTASH_REDIS_REST_TOKEN: undefined,
    },
  });

  const scrape = (authorization?: string) =>
    fetch(`${server.url}/metrics`, { headers: authorization ? { authorization } : {} });

  async function metricsText(): Promise<string> {
    const response = await scrape(`Bearer ${token}`);
    expect(response.status).toBe(200);
    return response.text();
  }

  /** The value of one series, `name{labels}` exactly as Prometheus's text format writes it. */
  function valueOf(text: string, series: string): number | undefined {
    const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  }

  test("needs Authorization: Bearer <METRICS_TOKEN>: anything else is 401", async () => {
    for (const authorization of [
      undefined,
      "Bearer wrong-token-0123456789",
      `Basic ${token}`,
      `Bearer ${token}x`,
    ]) {
      const response = await scrape(authorization);
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    }
    const response = await scrape(`bearer  ${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  });

  test("counts requests, notes by kind, renders and refusals exactly; never a note id; not itself", async () => {
    test.setTimeout(timeouts.serverTest);
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    const create = async (body: Record<string, unknown>) => {
      const response = await post("/api/v1/shares", body);
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string; delete_token: string };
    };
    const burning = await create({ content: "# one", ttl: "1h", burn_after: 1 });
    const deleted = await create({ content: "two", ttl: "1h" });
    const expiring = await create({ content: "three", ttl: "1h" });
    const locked = await create({ content: "four", ttl: "1h", password: "secret" });
    const paged = await create({
      ttl: "1h",
      pages: [{ content: "a" }, { content: "<p>b</p>", format: "html" }],
    });
    expect((await post("/api/v1/shares", { content: "six", ttl: "1h" })).status).toBe(429);

    expect((await post(`/api/v1/shares/${burning.id}/read`, {})).status).toBe(200);
    expect((await post(`/api/v1/shares/${locked.id}/read`, { password: "secret" })).status).toBe(200);
    expect((await post(`/api/v1/shares/${paged.id}/read`, {})).status).toBe(200);
    expect((await fetch(`${server.url}/api/v1/shares/${deleted.id}/meta`)).status).toBe(200);
    const removal = await fetch(`${server.url}/api/v1/shares/${deleted.id}`, {
      method: "DELETE",
      headers: { "x-delete-token": deleted.delete_token },
    });
    expect(removal.status).toBe(204);
    await server.sql.query("UPDATE shares SET expires_at = now() - interval '1 second' WHERE id = $1", [
      expiring.id,
    ]);
    expect(await cleanup(server.url)).toEqual({ expired: 1, burned: 1, abandoned: 0, files: 0 });

    const expected: Record<string, number> = {
      'notes_created_total{kind="markdown"}': 3,
      'notes_created_total{kind="password"}': 1,
      'notes_created_total{kind="multi-page"}': 1,
      'notes_created_total{kind="html"}': 0,
      'notes_read_total{kind="markdown"}': 1,
      'notes_read_total{kind="password"}': 1,
      'notes_read_total{kind="multi-page"}': 1,
      'notes_burned_total{kind="markdown"}': 1,
      'notes_burned_total{kind="password"}': 0,
      'notes_expired_total{kind="markdown"}': 1,
      'notes_deleted_total{kind="markdown"}': 1,
      'notes_rate_limit_refusals_total{policy="create"}': 1,
      'notes_rate_limit_refusals_total{policy="read"}': 0,
      'notes_render_duration_seconds_count{format="markdown"}': 5,
      'notes_render_duration_seconds_count{format="html"}': 1,
      notes_render_queue_length: 0,
      'notes_db_pool_connections{state="in_use"}': 0,
      notes_db_pool_waiting: 0,
      'notes_http_requests_total{route="/api/v1/shares",method="POST",status="201"}': 5,
      'notes_http_requests_total{route="/api/v1/shares",method="POST",status="429"}': 1,
      'notes_http_requests_total{route="/api/v1/shares/[id]/read",method="POST",status="200"}': 3,
      'notes_http_requests_total{route="/api/v1/shares/[id]/meta",method="GET",status="200"}': 1,
      'notes_http_requests_total{route="/api/v1/shares/[id]",method="DELETE",status="204"}': 1,
      'notes_http_requests_total{route="/api/v1/cron/cleanup",method="GET",status="200"}': 1,
      'notes_http_request_duration_seconds_count{route="/api/v1/shares",method="POST"}': 6,
    };
    // A request is counted once its answer has ended, which the client may see a moment earlier.
    let text = "";
    await expect
      .poll(async () => {
        text = await metricsText();
        return Object.fromEntries(Object.keys(expected).map((series) => [series, valueOf(text, series)]));
      })
      .toEqual(expected);

    // The default process metrics are there; no series names a note; the scrapes are neither
    // counted nor logged: every request counted is one log line, and every log line one request.
    for (const name of [
      "process_cpu_user_seconds_total",
      "process_resident_memory_bytes",
      "nodejs_heap_size_used_bytes",
    ]) {
      expect(valueOf(text, name), name).toBeGreaterThan(0);
    }
    for (const note of [burning, deleted, expiring, locked, paged]) expect(text).not.toContain(note.id);
    const counted = text
      .split("\n")
      .filter((line) => line.startsWith("notes_http_requests_total{"))
      .reduce((sum, line) => sum + Number(line.split(" ")[1]), 0);
    const logged = () =>
      server.process
        .stdout()
        .split("\n")
        .filter((line) => line.startsWith("{") && (JSON.parse(line) as { msg: string }).msg === "request")
        .length;
    await expect.poll(logged).toBe(counted);
    expect(text).not.toContain('route="other"');
  });
});
