import { databaseUrl, expect, test } from "../support/fixtures";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";

// Two server processes on one Postgres, as behind a load balancer: parallel reads of one note,
// spread over both, still burn it exactly.

test("two instances on one database: parallel reads spread over both burn exactly", async ({ api, sql }) => {
  test.setTimeout(timeouts.serverTest);
  const servers: ServerProcess[] = [];
  try {
    for (let instance = 0; instance < 2; instance++)
      servers.push(await startServer({ env: { DATABASE_URL: databaseUrl } }));
    const burnAfter = 7;
    const id = await api.createId({ content: "shared", ttl: "1h", burn_after: burnAfter, password: "pw" });
    const reads = Array.from({ length: 60 }, (_, i) =>
      fetch(`${servers[i % 2]?.url}/api/v1/shares/${id}/read`, {
        method: "POST",
        body: JSON.stringify({ password: i % 3 === 0 ? "wrong" : "pw" }),
      }).then(async (response) => ({
        status: response.status,
        json: (await response.json()) as Record<string, unknown>,
      })),
    );
    const results = await Promise.all(reads);
    const served = results.filter((result) => result.status === 200);
    expect(served).toHaveLength(burnAfter);
    expect(served.map((result) => result.json.remaining_views).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(served.filter((result) => result.json.burned === true)).toHaveLength(1);
    // Everything else was a wrong password or a burned note: never an error of either instance.
    for (const result of results.filter((entry) => entry.status !== 200)) {
      expect(["bad_password", "not_found"]).toContain(result.json.error);
    }
    const { rows } = await sql.query(
      "SELECT read_count, burned_at IS NOT NULL AS burned, (SELECT count(*)::int FROM share_pages WHERE share_id = $1) AS pages FROM shares WHERE id = $1",
      [id],
    );
    expect(rows[0]).toEqual({ read_count: burnAfter, burned: true, pages: 0 });
    for (const server of servers) {
      expect((await fetch(`${server.url}/api/v1/shares/${id}/meta`)).status).toBe(404);
    }
  } finally {
    for (const server of servers) await server.stop("SIGKILL");
  }
});
