import { expect, send, tally, test } from "./cluster";

// Point 1 of issue 48: a note's views and wrong passwords are counted in the one database, so reads
// spread by the balancer over three instances burn it exactly, however many arrive at once.

const create = async (base: string, body: Record<string, unknown>) => {
  const created = await send(`${base}/api/v1/shares`, { body: { content: "scaled", ttl: "1h", ...body } });
  if (!("status" in created) || created.status !== 201) throw new Error(JSON.stringify(created));
  return created.json.id as string;
};

test("burn_after 1 and 5, read in parallel through the balancer: exactly N reads succeed, the rest 404", async ({
  cluster,
}) => {
  // 6 notes read once and 3 read five times, each asked 15 times, all 135 reads at once.
  const notes = [
    ...(await Promise.all(Array.from({ length: 6 }, () => create(cluster.url, { burn_after: 1 })))).map(
      (id) => ({ id, views: 1 }),
    ),
    ...(await Promise.all(Array.from({ length: 3 }, () => create(cluster.url, { burn_after: 5 })))).map(
      (id) => ({ id, views: 5 }),
    ),
  ];
  const reads = await Promise.all(
    notes.flatMap(({ id }) =>
      Array.from({ length: 15 }, () => send(`${cluster.url}/api/v1/shares/${id}/read`, { body: {} })),
    ),
  );
  expect(tally(reads)).toEqual({ "200": 6 + 3 * 5, "404": 135 - 21 });
  // Every instance served some of them.
  expect(new Set(reads.map((read) => ("servedBy" in read ? read.servedBy : read.error)))).toEqual(
    new Set(["instance0", "instance1", "instance2"]),
  );
  notes.forEach(({ id, views }, index) => {
    const served = reads
      .slice(index * 15, index * 15 + 15)
      .flatMap((read) => ("status" in read && read.status === 200 ? [read.json] : []));
    expect(served.map((json) => json.remaining_views).sort(), id).toEqual(
      Array.from({ length: views }, (_, view) => view),
    );
    expect(
      served.filter((json) => json.burned === true),
      id,
    ).toHaveLength(1);
  });
});

test("burn_after_failures 3 with 10 parallel wrong passwords over three instances: exactly 3 count, then 404", async ({
  cluster,
}) => {
  const ids = await Promise.all(
    Array.from({ length: 3 }, () => create(cluster.url, { password: "right", burn_after_failures: 3 })),
  );
  const attempts = await Promise.all(
    ids.flatMap((id) =>
      Array.from({ length: 10 }, () =>
        send(`${cluster.url}/api/v1/shares/${id}/read`, { body: { password: "wrong" } }),
      ),
    ),
  );
  expect(tally(attempts)).toEqual({ "401": 3 * 3, "404": 3 * 7 });
  for (const id of ids) {
    const read = await send(`${cluster.url}/api/v1/shares/${id}/read`, { body: { password: "right" } });
    expect(read).toMatchObject({ status: 404, json: { error: "not_found" } });
  }
});
