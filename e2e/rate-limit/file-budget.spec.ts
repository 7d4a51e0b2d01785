import { randomBytes } from "node:crypto";
import pg from "pg";
import { createDatabase, dropDatabase } from "../../lib/test/database";
import { createRequest, postAnswer } from "../support/answer-files";
import { putChunk } from "../support/file-transfer";
import { MiB } from "../support/files";
import { expect, npmScript, test } from "../support/fixtures";
import { cleanup, housekeepingEnv } from "../support/housekeeping";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";
import { startUpstashBridge, type UpstashBridge } from "../support/upstash-bridge";
import { inOneWindow } from "./servers";
import { apiFor } from "../support/api-for";

// The file budgets, the storage cap and the chunk upload limit (docs/files.md#budgets-and-the-storage-cap)
// on servers of this spec's own: two instances behind one (simulated) proxy, TRUST_PROXY=1, sharing a
// database and an Upstash store (the real @upstash/ratelimit code against the machine's Redis through
// the test bridge), so a budget spent on one is spent on the other; and one with a storage cap, on a
// database of its own, so the bytes it holds are only this spec's.
test.describe.configure({ mode: "serial" });

const run = randomBytes(5).toString("hex");
const databases = { shared: `notes_e2e_budget_${run}`, capped: `notes_e2e_cap_${run}` };
const prefix = `notes-e2e:${run}`;
let bridge: UpstashBridge | undefined;
const servers: ServerProcess[] = [];
let capped: ServerProcess | undefined;
let sql: pg.Client | undefined;
let cappedUrl = "";
let apiKey = "";

test.beforeAll(async () => {
  test.setTimeout(timeouts.serverTest);
  bridge = await startUpstashBridge();
  const databaseUrl = await createDatabase(databases.shared);
  const settings = {
    DATABASE_URL: databaseUrl,
    ...housekeepingEnv,
    UPSTASH_REDIS_REST_URL: bridge.url,
    UPSTASH_REDIS_REST_TOKEN: bridge.token,
    RATE_LIMIT_PREFIX: prefix,
    TRUST_PROXY: "1",
    FILE_BUDGET_PER_ADDRESS: "3MiB/1h",
    FILE_BUDGET_PER_KEY: "2MiB/1h",
    RATE_LIMIT_UPLOAD: "3/1m",
  };
  // One at a time: the first migrates the new database.
  servers.push(await startServer({ env: settings }));
  servers.push(await startServer({ env: settings }));
  capped = await startServer({
    env: {
      DATABASE_URL: (cappedUrl = await createDatabase(databases.capped)),
      ...housekeepingEnv,
      FILES_STORAGE_CAP: "2MiB",
    },
  });
  sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  apiKey = (await npmScript("keys", ["issue", "--label", "budget"], databaseUrl)).at(-1) ?? "";
});

test.afterAll(async () => {
  await sql?.end();
  for (const server of [...servers, capped]) if (server) expect(await server.stop()).toBe(0);
  for (const name of Object.values(databases)) await dropDatabase(name);
  if (bridge) {
    await bridge.deleteKeys(prefix);
    await bridge.close();
  }
});

/** A client's address as the proxy adds it: each test is its own client. */
const viaProxy = (client: string) => ({ "x-forwarded-for": `6.6.6.6, ${client}` });
const url = (instance: number) => servers[instance]?.url ?? "";
const files = (...sizes: number[]) => sizes.map((size, index) => ({ name: `f${index}.bin`, size }));
const createWith = (
  instance: number,
  client: string,
  sizes: number[],
  headers: Record<string, string> = {},
) => apiFor(url(instance)).create({ ttl: "1h", files: files(...sizes) }, { ...viaProxy(client), ...headers });
const held = async () =>
  (
    await sql!.query(
      "SELECT count(*)::int AS notes, (SELECT count(*)::int FROM note_files) AS files FROM shares",
    )
  ).rows[0] as { notes: number; files: number };

test("an address declares its budget, on either instance; past it, 429 file_budget_exceeded and nothing stored", async () => {
  const client = "203.0.113.10";
  expect((await createWith(0, client, [MiB])).status).toBe(201);
  expect((await createWith(1, client, [MiB, MiB])).status).toBe(201);
  const before = await held();
  const refused = await fetch(`${url(0)}/api/v1/shares`, {
    method: "POST",
    headers: { "content-type": "application/json", ...viaProxy(client) },
    body: JSON.stringify({ ttl: "1h", files: files(MiB) }),
  });
  expect(refused.status).toBe(429);
  const retryAfter = Number(refused.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
  expect(await refused.json()).toEqual({
    error: "file_budget_exceeded",
    message: `These files (${MiB} bytes) are over the file budget of this address, 3145728 bytes (3 MiB) per hour; they fit again in ${retryAfter} s.`,
  });
  expect(await held()).toEqual(before);
  // Notes without files are not charged; another address has a budget of its own.
  expect((await apiFor(url(1)).create({ ttl: "1h", content: "x" }, viaProxy(client))).status).toBe(201);
  expect((await createWith(1, "203.0.113.11", [3 * MiB])).status).toBe(201);
  // The database knows who paid only as a digest.
  const payers = await sql!.query(
    "SELECT DISTINCT files_charged_to AS payer FROM shares WHERE file_count > 0",
  );
  expect(payers.rows).toHaveLength(2);
  for (const { payer } of payers.rows) expect(payer).toMatch(/^address:[\w-]{22}$/);
});

test("a keyed create is charged to the key's budget, not the address's", async () => {
  const client = "203.0.113.20";
  const keyed = { "x-api-key": apiKey };
  expect((await createWith(0, client, [2 * MiB], keyed)).status).toBe(201);
  const refused = await createWith(1, client, [1], keyed);
  expect(refused.status).toBe(429);
  expect(refused.json.error).toBe("file_budget_exceeded");
  expect(String(refused.json.message)).toContain(
    "the file budget of this API key, 2097152 bytes (2 MiB) per hour",
  );
  // The address's own budget is whole: 3 MiB without the key.
  expect((await createWith(0, client, [3 * MiB])).status).toBe(201);
});

test("an upload that expires unfinished gives its bytes back", async () => {
  const client = "203.0.113.30";
  const abandoned = await createWith(0, client, [3 * MiB]);
  expect(abandoned.status).toBe(201);
  expect((await createWith(1, client, [MiB])).status).toBe(429);
  await sql!.query("UPDATE shares SET upload_expires_at = now() WHERE id = $1", [abandoned.json.id]);
  expect(await cleanup(url(1))).toMatchObject({ abandoned: 1 });
  expect((await createWith(0, client, [3 * MiB])).status).toBe(201);
  // Given back once, never past a full budget.
  expect((await createWith(1, client, [1])).status).toBe(429);
});

test("answers to requests with files are charged to the responder's address the same way", async () => {
  const client = "203.0.113.40";
  const requester = await createRequest(url(0), { files_allowed: true, answers: 10 });
  const file = (size: number) => ({
    name: "a.bin",
    type: "application/octet-stream",
    bytes: Buffer.alloc(size),
  });
  const answer = (instance: number, size: number) =>
    postAnswer(url(instance), requester, "here", [file(size)], viaProxy(client));
  const first = await answer(0, 2 * MiB);
  expect(first.status).toBe(201);
  const answers = () =>
    sql!.query("SELECT count(*)::int AS n FROM request_answers").then((r) => r.rows[0].n as number);
  const before = await answers();
  const refused = await answer(1, 2 * MiB);
  expect(refused.status).toBe(429);
  expect(refused.json.error).toBe("file_budget_exceeded");
  expect(await answers()).toBe(before);
  await sql!.query(
    "UPDATE request_answers SET upload_expires_at = now() WHERE request_id = $1 AND number = $2",
    [requester.id, first.json.number],
  );
  expect(await cleanup(url(0))).toMatchObject({ abandoned: 1 });
  expect((await answer(1, 2 * MiB)).status).toBe(201);
});

test("chunk uploads count under RATE_LIMIT_UPLOAD, on both instances together", async () => {
  await inOneWindow(60_000, 10_000, async (attempt) => {
    const client = `203.0.${114 + attempt}.50`;
    const created = await createWith(0, client, [10, 10, 10, 10]);
    expect(created.status).toBe(201);
    const targets = created.json.files as { upload_url: string }[];
    const token = String(created.json.upload_token);
    const puts = [];
    for (const [index, target] of targets.entries()) {
      // Each chunk to the other instance than the one before.
      const onInstance = target.upload_url.replace(url(0), url(index % 2));
      puts.push(await putChunk(onInstance, token, 0, Buffer.alloc(10), viaProxy(client)));
    }
    expect(puts.map((put) => put.status)).toEqual([204, 204, 204, 429]);
    expect(puts[3]?.json?.error).toBe("rate_limited");
    expect(Number(puts[3]?.retryAfter)).toBeGreaterThan(0);
  });
});

test("past FILES_STORAGE_CAP new files are 507 storage_full; notes without files are still created", async () => {
  const base = capped?.url ?? "";
  const first = await apiFor(base).create({ ttl: "1h", files: files(2 * MiB) });
  expect(first.status).toBe(201);
  expect(await apiFor(base).create({ ttl: "1h", files: files(1) })).toEqual({
    status: 507,
    json: {
      error: "storage_full",
      message:
        "This server holds as many file bytes as it may: a note or answer with files cannot be created " +
        "now. Notes without files still can.",
    },
  });
  expect((await apiFor(base).create({ ttl: "1h", content: "no files" })).status).toBe(201);
  // Once the files are gone (an abandoned upload, here), there is room again.
  const db = new pg.Client({ connectionString: cappedUrl });
  await db.connect();
  try {
    await db.query("UPDATE shares SET upload_expires_at = now() WHERE id = $1", [first.json.id]);
  } finally {
    await db.end();
  }
  expect(await cleanup(base)).toMatchObject({ abandoned: 1, files: 1 });
  expect((await apiFor(base).create({ ttl: "1h", files: files(2 * MiB) })).status).toBe(201);
});

test("the create page says in its own words when the files are over the budget", async ({ page }) => {
  await page.goto(url(0));
  await page
    .getByLabel("Add files")
    .setInputFiles([
      { name: "big.bin", mimeType: "application/octet-stream", buffer: Buffer.alloc(4 * MiB) },
    ]);
  await page.getByRole("button", { name: "Create note" }).click();
  await expect(
    page.getByText(
      /^These files are more than this server takes from you for now\. Try again in \d+ s \(at .+\), or send smaller files\.$/,
    ),
  ).toBeVisible();
});
