import { randomBytes } from "node:crypto";
import pg from "pg";
import { createDatabase, dropDatabase } from "../../lib/test/database";
import { databaseUrl, expect, issueKey, npmScript, test } from "../support/fixtures";
import { postJson } from "../support/answer-files";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { apiFor } from "../support/api-for";

// Delivery across processes, on a database of this spec's own (no other server delivers from it):
// what is due when a server is killed is delivered after it starts again, and two servers on one
// database deliver each event exactly once between them.

test("a restart loses nothing, and two servers deliver each event once", async () => {
  test.setTimeout(timeouts.serverTest * 2);
  const name = `notes_webhooks_${randomBytes(4).toString("hex")}`;
  const url = await createDatabase(name);
  const sql = new pg.Client({ connectionString: url });
  const receiver = await startWebhookReceiver({ failFirst: 1_000_000 });
  const servers: ServerProcess[] = [];
  const env = { DATABASE_URL: url };
  try {
    servers.push(await startServer({ env }));
    await sql.connect();
    const key = (await npmScript("keys", ["issue", "--label", "hooks"], url)).at(-1) ?? "";
    const keyed = { "x-api-key": key };
    const base = servers[0]?.url ?? "";
    const hook = await postJson(
      `${base}/api/v1/webhooks`,
      { url: receiver.url, events: ["note.read", "note.burned"] },
      keyed,
    );
    expect(hook.status).toBe(201);

    // Recorded and tried (the receiver fails), then the server is killed outright.
    const first = await apiFor(base).create({ content: "a", ttl: "1h", burn_after: 1 }, keyed);
    expect((await apiFor(base).read(first.json.id as string)).status).toBe(200);
    // Tried and its failure recorded (a delivery claimed mid-attempt at the kill would wait for its
    // lease, the attempt timeout plus a minute, before another process may take it).
    const attempted = async () =>
      (
        await sql.query(
          "SELECT count(*)::int AS n FROM webhook_deliveries WHERE attempts >= 1 AND last_error IS NOT NULL",
        )
      ).rows[0].n as number;
    await expect.poll(attempted, { timeout: timeouts.expect }).toBe(2);
    await servers[0]?.stop("SIGKILL");
    receiver.failNext(0);

    // Two servers now: what was due before the kill, and 40 new events, spread over both.
    servers.push(await startServer({ env }));
    servers.push(await startServer({ env }));
    const urls = [servers[1]?.url ?? "", servers[2]?.url ?? ""];
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const created = await apiFor(urls[i % 2] ?? "").create(
          { content: "b", ttl: "1h", burn_after: 1 },
          keyed,
        );
        expect((await apiFor(urls[(i + 1) % 2] ?? "").read(created.json.id as string)).status).toBe(200);
      }),
    );
    const delivered = async () =>
      (await sql.query("SELECT count(*)::int AS n FROM webhook_deliveries WHERE delivered_at IS NOT NULL"))
        .rows[0].n as number;
    // Allows for one lease: the kill may still land between a retry's claim and its result.
    await expect.poll(delivered, { timeout: timeouts.expect + 70_000 }).toBe(42);

    const events = receiver.verified(hook.json.secret as string);
    const accepted = receiver.received
      .filter((entry) => entry.status === 204)
      .map((entry) => entry.headers["webhook-id"]);
    expect(accepted).toHaveLength(42);
    expect(new Set(accepted).size).toBe(42);
    expect(
      events
        .filter((event) => event.data.id === first.json.id)
        .map((event) => event.type)
        .sort(),
    ).toContain("note.burned");
    const { rows } = await sql.query(
      "SELECT count(*)::int AS n FROM webhook_deliveries WHERE next_attempt_at IS NOT NULL",
    );
    expect(rows[0].n).toBe(0);
  } finally {
    for (const server of servers) await server.stop("SIGKILL");
    await receiver.close();
    await sql.end().catch(() => {});
    await dropDatabase(name);
  }
});

test("by default only public addresses: private, loopback and metadata URLs are refused", async () => {
  test.setTimeout(timeouts.serverTest);
  const server = await startServer({
    // Delivery off: this server must not try the shared database's deliveries to local receivers.
    env: { DATABASE_URL: databaseUrl, WEBHOOK_ALLOW_PRIVATE_NETWORKS: "0", WEBHOOK_POLL_INTERVAL_MS: "0" },
  });
  try {
    const key = { "x-api-key": await issueKey() };
    // The same words for every refusal: never an address a name resolved to (a key holder must not
    // map the server's internal names with it), nor whether the name resolved at all.
    const refused = [
      "http://127.0.0.1:9/hook",
      "http://localhost:9/hook",
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://[fd00:ec2::254]/",
      "http://no-such-host.invalid/",
    ];
    for (const hookUrl of refused) {
      const { status, json } = await postJson(
        `${server.url}/api/v1/webhooks`,
        { url: hookUrl, events: ["note.read"] },
        key,
      );
      expect([status, json], hookUrl).toEqual([
        400,
        { error: "bad_webhook", message: "url is refused: its host does not resolve to a public address." },
      ]);
    }
    const list = await fetch(`${server.url}/api/v1/webhooks`, { headers: key });
    expect(await list.json()).toEqual({ webhooks: [] });
  } finally {
    await server.stop("SIGKILL");
  }
});
