import pg from "pg";
import { npmScript } from "../support/fixtures";
import { limits, instanceCount } from "../support/scale-cluster";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { expect, send, tally, test } from "./cluster";

// Point 4 of issue 48: the instances keep one state. Limits count in the Upstash store (the bridge
// in front of the machine's Redis), the readers' daily salt is the store's, and the cleanup and the
// webhook outbox, running in all three, purge each note and deliver each event once.

const issueKey = async (databaseUrl: string, label: string) =>
  (await npmScript("keys", ["issue", "--label", label], databaseUrl)).at(-1) ?? "";

const servedByAll = (outcomes: { servedBy?: string }[]) =>
  expect(new Set(outcomes.map((outcome) => outcome.servedBy)).size).toBe(instanceCount);

test("an API key's create limit and a note's password limit count across the three instances", async ({
  cluster,
}) => {
  const key = await issueKey(cluster.databaseUrl, "scale-limits");
  const creates = await Promise.all(
    Array.from({ length: 16 }, () =>
      send(`${cluster.url}/api/v1/shares`, {
        body: { content: "k", ttl: "1h" },
        headers: { "x-api-key": key },
      }),
    ),
  );
  expect(tally(creates)).toEqual({ "201": limits.createPerKey, "429": 16 - limits.createPerKey });
  servedByAll(creates as { servedBy?: string }[]);

  const note = await send(`${cluster.url}/api/v1/shares`, {
    body: { content: "p", ttl: "1h", password: "right" },
  });
  const id = "json" in note ? (note.json.id as string) : "";
  const attempts = await Promise.all(
    Array.from({ length: 20 }, () =>
      send(`${cluster.url}/api/v1/shares/${id}/read`, { body: { password: "wrong" } }),
    ),
  );
  expect(tally(attempts)).toEqual({ "401": limits.passwordPerNote, "429": 20 - limits.passwordPerNote });
  servedByAll(attempts as { servedBy?: string }[]);
});

test("one reader has one fingerprint in the access log, whichever instance served each read", async ({
  cluster,
}) => {
  const created = await send(`${cluster.url}/api/v1/shares`, {
    body: { content: "f", ttl: "1h", burn_after: 7 },
  });
  const { id, delete_token: token } = ("json" in created ? created.json : {}) as Record<string, string>;
  const reads = [];
  for (let read = 0; read < 6; read++)
    reads.push(await send(`${cluster.url}/api/v1/shares/${id}/read`, { body: {} }));
  expect(tally(reads)).toEqual({ "200": 6 });
  servedByAll(reads as { servedBy?: string }[]);
  const log = await send(`${cluster.url}/api/v1/shares/${id}/events`, {
    headers: { "x-delete-token": token ?? "" },
  });
  const entries = ("json" in log ? log.json.events : []) as { type: string; client: string | null }[];
  const clients = entries.filter((entry) => entry.type === "read").map((entry) => entry.client);
  expect(clients).toHaveLength(6);
  expect(clients[0]).toMatch(/^[0-9a-f]{8}$/);
  expect(new Set(clients).size).toBe(1);
});

test("cleanup on all three purges each burned note once; the outbox on all three delivers each event once", async ({
  cluster,
}) => {
  const sql = new pg.Client({ connectionString: cluster.databaseUrl });
  await sql.connect();
  const receiver = await startWebhookReceiver();
  try {
    const burnedLeft = async () =>
      (await sql.query("SELECT count(*)::int AS n FROM shares WHERE burned_at IS NOT NULL")).rows[0]
        .n as number;
    await expect.poll(burnedLeft).toBe(0);
    const purgedSoFar = () =>
      cluster.instances.map((instance) =>
        instance
          .logLines()
          .filter((line) => line.msg === "cleanup")
          .reduce((sum, line) => sum + Number(line.burned), 0),
      );
    const before = purgedSoFar();

    const key = await issueKey(cluster.databaseUrl, "scale-hooks");
    const hook = await send(`${cluster.url}/api/v1/webhooks`, {
      body: { url: receiver.url, events: ["note.read", "note.burned"] },
      headers: { "x-api-key": key },
    });
    expect(hook).toMatchObject({ status: 201 });
    // 30 notes burned by their one read; 8 of them (the key's limit allows 10) with webhooks.
    const notes = 30;
    const hooked = 8;
    const ids = await Promise.all(
      Array.from({ length: notes }, async (_, index) => {
        const created = await send(`${cluster.url}/api/v1/shares`, {
          body: { content: "gone", ttl: "1h", burn_after: 1 },
          headers: index < hooked ? { "x-api-key": key } : {},
        });
        return "json" in created ? (created.json.id as string) : "";
      }),
    );
    const reads = await Promise.all(
      ids.map((id) => send(`${cluster.url}/api/v1/shares/${id}/read`, { body: {} })),
    );
    expect(tally(reads)).toEqual({ "200": notes });
    // Each instance logs what it purged once its transaction is done: the logs add up to 30, and
    // still do after two more rounds of cleanup on each.
    const purged = () => purgedSoFar().map((count, index) => count - (before[index] ?? 0));
    const total = () => purged().reduce((sum, count) => sum + count, 0);
    await expect.poll(total).toBe(notes);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(total()).toBe(notes);
    expect(await burnedLeft()).toBe(0);

    await expect.poll(() => receiver.received.length).toBe(hooked * 2);
    // Wait for any doubled delivery to arrive, then count again.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(receiver.received).toHaveLength(hooked * 2);
    const deliveries = receiver.received.map((received) => received.headers["webhook-id"]);
    expect(new Set(deliveries).size).toBe(hooked * 2);
    console.log(
      `cleanup: ${notes} purged as ${JSON.stringify(purged())} by instance; ${hooked * 2} events delivered once`,
    );
  } finally {
    await receiver.close();
    await sql.end();
  }
});
