import { randomUUID } from "node:crypto";
import pg from "pg";
import { instanceName } from "../support/haproxy";
import { notesCli } from "../support/notes-cli";
import { expect, send, test, type Outcome } from "./cluster";

// Point 2 of issue 48: kill -9 of an instance under create and read load. A client that retries its
// create with the same Idempotency-Key, and the CLI (which does the same), lose nothing and double
// nothing: every acknowledged note reads back, and the database holds exactly as many as were
// acknowledged.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const victim = 1;

test("kill -9 of one instance under load: every acknowledged create is stored once, none lost", async ({
  cluster,
}) => {
  const base = cluster.url;
  const sql = new pg.Client({ connectionString: cluster.databaseUrl });
  await sql.connect();
  const since = (await sql.query("SELECT now() AS at")).rows[0].at as Date;
  let running = true;
  const acknowledged: string[] = [];
  let retries = 0;
  let failedForGood = 0;
  let reads = 0;

  // One create, retried with its Idempotency-Key on anything but an answer of 201 (10 tries).
  const createOnce = async () => {
    const key = randomUUID();
    for (let attempt = 0; attempt < 10; attempt++) {
      const outcome: Outcome = await send(`${base}/api/v1/shares`, {
        body: { content: "kept", ttl: "1h" },
        headers: { "idempotency-key": key },
      });
      if ("status" in outcome && outcome.status === 201) return acknowledged.push(outcome.json.id as string);
      retries++;
      await sleep(200);
    }
    failedForGood++;
  };
  const creator = async () => {
    while (running) await createOnce();
  };
  const reader = async () => {
    while (running) {
      const id = acknowledged.at(-1);
      if (id === undefined) await sleep(50);
      else if ("status" in (await send(`${base}/api/v1/shares/${id}/meta`))) reads++;
    }
  };
  // The CLI, run again and again: its link's last path segment is the note's id.
  const cliRuns: { code: number | null; stderr: string }[] = [];
  const cli = async () => {
    while (running) {
      const run = await notesCli(["create", "--server", base, "--no-encrypt", "--ttl", "1h", "-"], {
        input: "from the CLI\n",
      });
      cliRuns.push(run);
      if (run.code === 0) acknowledged.push(new URL(run.stdout.trim()).pathname.slice(1));
    }
  };
  const load = Promise.all([creator(), creator(), creator(), creator(), reader(), reader(), cli()]);
  try {
    await expect.poll(() => acknowledged.length).toBeGreaterThan(100);
    await cluster.instances[victim]?.stop("SIGKILL");
    await expect.poll(async () => (await cluster.balancer.states())[instanceName(victim)]).toMatch(/^DOWN/);
    // Load on the two left, then the third back.
    await sleep(2000);
    await cluster.restart(victim);
    await cluster.untilUp(victim);
  } finally {
    running = false;
    await load;
  }

  expect(failedForGood).toBe(0);
  expect(cliRuns.filter((run) => run.code !== 0)).toEqual([]);
  expect(new Set(acknowledged).size).toBe(acknowledged.length);
  const stored = await sql.query(
    "SELECT count(*)::int AS all, count(*) FILTER (WHERE id = ANY($2))::int AS acknowledged FROM shares WHERE created_at >= $1",
    [since, acknowledged],
  );
  await sql.end();
  expect(stored.rows[0]).toEqual({ all: acknowledged.length, acknowledged: acknowledged.length });
  console.log(
    `kill -9: ${acknowledged.length} acknowledged (${cliRuns.length} by the CLI), ${retries} retries, ${reads} reads; stored ${stored.rows[0].all}`,
  );
});
