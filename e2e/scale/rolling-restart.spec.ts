import { instanceName } from "../support/haproxy";
import { instanceCount } from "../support/scale-cluster";
import { expect, send, tally, test, type Outcome } from "./cluster";

// Point 3 of issue 48: every instance restarted in turn (SIGTERM, then a new `npm start` on its port)
// while clients open a new connection per request, as curl does, gives them no error of any kind.
// On SIGTERM the instance's health answers 503 "draining" at once; HAProxy (`inter 1s fall 2`) takes
// it out of rotation within SHUTDOWN_DELAY_MS (6000), during which it still answers; the new one is
// put back only once its health says it can serve (`rise 2`).

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("rolling restart of the three instances under load: zero failed requests", async ({ cluster }) => {
  const base = cluster.url;
  const created = await send(`${base}/api/v1/shares`, { body: { content: "steady", ttl: "1h" } });
  const id = "status" in created ? (created.json.id as string) : "";
  expect(id).not.toBe("");

  const failedBefore = cluster.balancer.failedRequests().length;
  const outcomes: { kind: "create" | "meta"; outcome: Outcome }[] = [];
  let running = true;
  // Six clients, each a create then a meta read, back to back, every request on a new connection.
  const client = async () => {
    while (running) {
      outcomes.push({
        kind: "create",
        outcome: await send(`${base}/api/v1/shares`, { body: { content: "during", ttl: "1h" } }),
      });
      outcomes.push({ kind: "meta", outcome: await send(`${base}/api/v1/shares/${id}/meta`) });
    }
  };
  const clients = Promise.all(Array.from({ length: 6 }, client));
  await expect.poll(() => outcomes.length).toBeGreaterThan(60);

  const timings: Record<string, number>[] = [];
  for (let index = 0; index < instanceCount; index++) {
    const instance = cluster.instances[index];
    if (!instance) throw new Error(`No instance ${index}`);
    const signalled = Date.now();
    instance.child.kill("SIGTERM");
    // Health turns 503 at once, while the instance still answers everything else.
    expect(await send(`${instance.url}/api/v1/health`)).toMatchObject({
      status: 503,
      json: { status: "draining" },
    });
    // HAProxy takes it out while it is still running (still inside its SHUTDOWN_DELAY_MS).
    await expect.poll(async () => (await cluster.balancer.states())[instanceName(index)]).toMatch(/^DOWN/);
    const outOfRotation = Date.now() - signalled;
    expect(instance.child.exitCode).toBe(null);
    expect(await instance.exited).toBe(0);
    const exited = Date.now() - signalled;
    await cluster.restart(index);
    const answering = Date.now() - signalled;
    await cluster.untilUp(index);
    timings.push({ outOfRotation, exited, answering, backInRotation: Date.now() - signalled });
  }
  // A few more requests with all three back, then the clients stop.
  await sleep(1000);
  running = false;
  await clients;

  const count = (kind: string) => outcomes.filter((entry) => entry.kind === kind).length;
  expect(tally(outcomes.filter((entry) => entry.kind === "create").map((entry) => entry.outcome))).toEqual({
    "201": count("create"),
  });
  expect(tally(outcomes.filter((entry) => entry.kind === "meta").map((entry) => entry.outcome))).toEqual({
    "200": count("meta"),
  });
  // Nor did HAProxy see one fail (its log says which side ended a failed request).
  expect(cluster.balancer.failedRequests().slice(failedBefore)).toEqual([]);
  // Every acknowledged create is in the database once.
  const createdIds = outcomes.flatMap(({ kind, outcome }) =>
    kind === "create" && "json" in outcome ? [outcome.json.id as string] : [],
  );
  expect(new Set(createdIds).size).toBe(count("create"));
  console.log(
    `rolling restart: ${outcomes.length} requests, 0 failed; timings (ms) ${JSON.stringify(timings)}`,
  );
});
