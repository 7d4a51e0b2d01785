import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { createDatabase, dropDatabase } from "../../lib/test/database";
import { expect, npmScript, test } from "../support/fixtures";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";
import { apiFor } from "../support/api-for";

// Cleanup through all three doors (the cron route, `npm run cleanup`, the periodic run inside
// `npm start`), each against a server and database of this spec's own, so the counts are exact
// and other specs' expired or burned notes are not touched.

const cronSecret = randomBytes(24).toString("hex");

type Seeded = { live: string[]; expired: string[]; burned: string[] };

const json = (response: Response) => response.json() as Promise<Record<string, unknown>>;

/** One note in each state: live ones (one with reads left, one about to expire) and dead ones. */
async function seed(base: string, sql: pg.Client): Promise<Seeded> {
  const api = apiFor(base);
  const create = (body: Record<string, unknown>) => api.createId(body);
  const live = [
    await create({ content: "live", ttl: "1h" }),
    await create({ content: "reads left", ttl: "1h", burn_after: 2 }),
    await create({ content: "soon", ttl: "1h" }),
  ];
  expect((await api.read(live[1] ?? "")).json.remaining_views).toBe(1);
  // Not one second as in the unit test: over HTTP, on a busy machine, that second could pass.
  await sql.query("UPDATE shares SET expires_at = now() + interval '2 minutes' WHERE id = $1", [live[2]]);
  const expired = [await create({ content: "expired", ttl: "1h" })];
  await sql.query("UPDATE shares SET expires_at = now() - interval '1 second' WHERE id = $1", [expired[0]]);
  const burned = [await create({ content: "burned", ttl: "1h", burn_after: 1 })];
  expect((await api.read(burned[0] ?? "")).json.burned).toBe(true);
  return { live, expired, burned };
}

async function expectOnlyLiveLeft(base: string, sql: pg.Client, notes: Seeded) {
  const { rows } = await sql.query<{ id: string }>("SELECT id FROM shares WHERE id = ANY($1) ORDER BY id", [
    [...notes.live, ...notes.expired, ...notes.burned],
  ]);
  expect(rows.map((row) => row.id)).toEqual([...notes.live].sort());
  for (const id of notes.live) expect((await fetch(`${base}/api/v1/shares/${id}/meta`)).status).toBe(200);
}

test.describe("cleanup", () => {
  test("without CRON_SECRET the cron route does not exist", async ({ request }) => {
    const attempts: Record<string, string>[] = [{}, { authorization: "Bearer anything-at-all-long-enough" }];
    for (const headers of attempts) {
      const response = await request.get("/api/v1/cron/cleanup", { headers });
      expect(response.status()).toBe(404);
      expect(await response.json()).toEqual({ error: "not_found", message: "No such API route." });
    }
  });

  test("vercel.json schedules the cron route", async () => {
    const config = JSON.parse(await readFile("vercel.json", "utf8")) as { crons: { path: string }[] };
    expect(config.crons.map((cron) => cron.path)).toEqual(["/api/v1/cron/cleanup"]);
  });

  test("cron route and npm run cleanup purge exactly the dead notes; periodic run inside npm start", async () => {
    test.setTimeout(timeouts.serverTest);
    const name = `notes_e2e_cleanup_${randomBytes(5).toString("hex")}`;
    const databaseUrl = await createDatabase(name);
    const sql = new pg.Client({ connectionString: databaseUrl });
    let server: ServerProcess | undefined;
    try {
      server = await startServer({
        env: { DATABASE_URL: databaseUrl, CRON_SECRET: cronSecret, CLEANUP_INTERVAL_SECONDS: "0" },
      });
      await sql.connect();
      const base = server.url;
      const cron = (authorization?: string) =>
        fetch(`${base}/api/v1/cron/cleanup`, { headers: authorization ? { authorization } : {} });

      const notes = await seed(base, sql);
      for (const authorization of [undefined, "Bearer wrong-secret-wrong-secret", `Basic ${cronSecret}`]) {
        const refused = await cron(authorization);
        expect(refused.status).toBe(401);
        expect((await json(refused)).error).toBe("bad_cron_secret");
      }
      expect((await sql.query("SELECT count(*)::int AS n FROM shares")).rows[0].n).toBe(5);

      const purged = await cron(`Bearer ${cronSecret}`);
      expect(purged.status).toBe(200);
      expect(purged.headers.get("cache-control")).toBe("no-store");
      expect(await json(purged)).toEqual({ purged: { expired: 1, burned: 1, abandoned: 0, files: 0 } });
      await expectOnlyLiveLeft(base, sql, notes);
      expect(await json(await cron(`Bearer ${cronSecret}`))).toEqual({
        purged: { expired: 0, burned: 0, abandoned: 0, files: 0 },
      });

      // The command line, as an operator's crontab would run it, next to the running server.
      const more = await seed(base, sql);
      const output = await npmScript("cleanup", [], databaseUrl);
      expect(output.at(-1)).toBe("Purged 1 expired, 1 burned and 0 abandoned note(s), and 0 file(s).");
      await expectOnlyLiveLeft(base, sql, more);
      expect(await server.stop()).toBe(0);

      // npm start with CLEANUP_INTERVAL_SECONDS=1 purges by itself and stops cleanly.
      const scheduled = await startServer({
        env: { DATABASE_URL: databaseUrl, CLEANUP_INTERVAL_SECONDS: "1" },
      });
      server = scheduled;
      const dead = await seed(scheduled.url, sql);
      await expect
        .poll(
          async () =>
            (
              await sql.query("SELECT count(*)::int AS n FROM shares WHERE id = ANY($1)", [
                [...dead.expired, ...dead.burned],
              ])
            ).rows[0].n,
        )
        .toBe(0);
      // A run logs its line once all of its work is done (notes, then access logs and deliveries),
      // a moment after the notes are gone.
      const loggedRuns = () =>
        scheduled
          .stdout()
          .split("\n")
          .filter((line) => line.includes('"msg":"cleanup"'))
          .map((line) => JSON.parse(line) as Record<string, unknown>);
      // The expired and the burned note may go in two runs (a run between the seed's steps), each
      // logging when it ends: wait for both counts.
      const purgedCounts = () =>
        ["expired", "burned"].map((count) =>
          loggedRuns().reduce((sum, run) => sum + (run[count] as number), 0),
        );
      await expect.poll(purgedCounts).toEqual([1, 1]);
      const runs = loggedRuns();
      expect(Object.keys(runs[0] ?? {}).sort()).toEqual([
        "abandoned",
        "burned",
        "duration_ms",
        "expired",
        "files",
        "level",
        "msg",
        "time",
      ]);
      const { rows } = await sql.query<{ id: string }>("SELECT id FROM shares ORDER BY id");
      expect(rows.map((row) => row.id)).toEqual([...notes.live, ...more.live, ...dead.live].sort());
      expect(await server.stop()).toBe(0);
    } finally {
      await server?.stop("SIGKILL");
      await sql.end().catch(() => {});
      await dropDatabase(name);
    }
  });
});
