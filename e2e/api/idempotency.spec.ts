import { randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { expect, test } from "../support/fixtures";
import { startProxiedServer, type ProxiedServer } from "../support/proxied-server";
import { storedContentCounts } from "../support/stored-pages";
import type { ProxyMode, TcpProxy } from "../support/tcp-proxy";
import { timeouts } from "../support/timeouts";

// Idempotency-Key through real faults: a server of this spec's own reaches the real Postgres through
// a TCP proxy that stalls Postgres's replies (the statement commits, its answer is lost), resets the
// connection when Postgres replies, or refuses it. Every 503 must say whether the statement may
// have run, a retried read with the same key must never lose a note, and a retried create must
// never store a second one.

const databaseTimeouts = { DATABASE_CONNECT_TIMEOUT_MS: "1000", DATABASE_QUERY_TIMEOUT_MS: "1500" };

type Result = { status: number; json: Record<string, unknown> };

let base = "";

async function call(path: string, body: unknown, key?: string): Promise<Result> {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(key && { "idempotency-key": key }) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeouts.request),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const create = (body: Record<string, unknown>, key?: string) =>
  call("/api/v1/shares", { ttl: "1h", ...body }, key);
const read = (id: string, key?: string, body: Record<string, unknown> = {}) =>
  call(`/api/v1/shares/${id}/read`, body, key);
const createdId = async (body: Record<string, unknown>) => {
  const result = await create(body);
  expect(result.status).toBe(201);
  return result.json.id as string;
};

/** A 503 says which kind it is, with the error shape every error has. */
function expect503(result: Result): "unavailable" | "outcome_unknown" {
  expect(result.status, JSON.stringify(result.json)).toBe(503);
  expect(["unavailable", "outcome_unknown"]).toContain(result.json.error);
  return result.json.error as "unavailable" | "outcome_unknown";
}

test.describe.configure({ mode: "serial" });

test.describe("Idempotency-Key through database faults", () => {
  let proxy: TcpProxy | undefined;
  let sql: pg.Client | undefined;
  let proxied: ProxiedServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(timeouts.serverTest);
    proxied = await startProxiedServer({
      database: `notes_e2e_idem_${randomBytes(5).toString("hex")}`,
      env: databaseTimeouts,
    });
    ({ proxy, sql } = proxied);
    base = proxied.server.url;
  });

  test.afterAll(async () => {
    await proxied?.stop();
  });

  const readCount = async (id: string) =>
    (await sql!.query<{ read_count: number }>("SELECT read_count FROM shares WHERE id = $1", [id])).rows[0]
      ?.read_count;

  /** Fills the server's pool with open connections, so that requests in a fault use one already open. */
  async function warmPool(unlimited: string) {
    await Promise.all(Array.from({ length: 8 }, () => read(unlimited)));
  }

  async function restore() {
    proxy!.setMode("up");
    await expect.poll(async () => (await fetch(`${base}/api/v1/health`)).status).toBe(200);
  }

  for (const mode of ["stall", "reset"] satisfies ProxyMode[]) {
    test(`reads whose answer is lost to a ${mode}: a retry with the same key gets the note, once`, async () => {
      test.setTimeout(timeouts.serverTest);
      const unlimited = await createdId({ content: "warm-up" });
      const password = "s3cret-idem";
      const notes = await Promise.all(
        Array.from({ length: 4 }, async (_, index) => {
          const marker = `idem-${mode}-${index}-${randomUUID()}`;
          const extra = index === 0 ? { password } : index === 1 ? { pages: [{ content: marker }] } : {};
          const body = index === 1 ? extra : { content: marker, ...extra };
          return { marker, key: randomUUID(), id: await createdId({ ...body, burn_after: 1 }) };
        }),
      );
      const keyless = await createdId({ content: `keyless-${mode}`, burn_after: 1 });
      const credentials = (index: number) => (index === 0 ? { password } : {});

      await warmPool(unlimited);
      proxy!.setMode(mode);
      const first = [];
      for (const [index, note] of notes.entries())
        first.push(await read(note.id, note.key, credentials(index)));
      const keylessFirst = await read(keyless);
      await restore();

      const kinds = [];
      for (const [index, note] of notes.entries()) {
        const kind = expect503(first[index]!);
        const spent = await readCount(note.id);
        // "unavailable" promises the statement never ran.
        if (kind === "unavailable") expect(spent).toBe(0);
        kinds.push({ kind, spent });
        if (index === 0) {
          expect((await read(note.id, note.key, { password: "wrong" })).json.error).toBe("bad_password");
        }
        const retry = await read(note.id, note.key, credentials(index));
        expect(retry.status, JSON.stringify(retry.json)).toBe(200);
        expect(retry.json).toMatchObject({ content: note.marker, burned: true, remaining_views: 0 });
        // The same answer again, and nothing more spent; another key is another read, of a burned note.
        expect((await read(note.id, note.key, credentials(index))).json).toEqual(retry.json);
        expect(await readCount(note.id)).toBe(1);
        expect((await read(note.id, randomUUID(), credentials(index))).status).toBe(404);
      }
      // The fault did cost views whose answers were lost: exactly what the key gives back.
      expect(kinds).toContainEqual({ kind: "outcome_unknown", spent: 1 });
      // Without a key such a read is lost for good.
      if (expect503(keylessFirst) === "outcome_unknown" && (await readCount(keyless)) === 1) {
        expect((await read(keyless)).status).toBe(404);
      }
    });
  }

  test("a refused database: 503 unavailable, nothing spent, and the retry reads the note", async () => {
    const id = await createdId({ content: "idem-refused", burn_after: 1 });
    const key = randomUUID();
    proxy!.setMode("refuse");
    // Once the server has seen its open connections end (a request on one as it ends may have been
    // sent, so its outcome is unknown), nothing can be sent at all.
    await expect.poll(async () => (await fetch(`${base}/api/v1/health`)).status).toBe(503);
    expect(expect503(await read(id, key))).toBe("unavailable");
    expect(expect503(await create({ content: "idem-refused-create" }, randomUUID()))).toBe("unavailable");
    await restore();
    expect(await readCount(id)).toBe(0);
    expect((await read(id, key)).json).toMatchObject({ content: "idem-refused", burned: true });
  });

  test("creates: a retry with the same key stores one note, through faults and in parallel", async () => {
    test.setTimeout(timeouts.serverTest);
    const unlimited = await createdId({ content: "warm-up" });
    const key = randomUUID();
    const first = await create({ content: "idem-create" }, key);
    expect(first.status).toBe(201);
    expect(await create({ content: "idem-create" }, key)).toEqual(first);
    expect(await create({ content: "idem-create, changed" }, key)).toMatchObject({
      status: 422,
      json: { error: "idempotency_conflict" },
    });

    const markers: string[] = [];
    for (const mode of ["stall", "reset"] satisfies ProxyMode[]) {
      const marker = `idem-create-${mode}-${randomUUID()}`;
      markers.push(marker);
      const modeKey = randomUUID();
      await warmPool(unlimited);
      proxy!.setMode(mode);
      const lost = await create({ content: marker }, modeKey);
      await restore();
      const stored = (await storedContentCounts(sql!, [marker])).get(marker) ?? 0;
      if (expect503(lost) === "unavailable") expect(stored).toBe(0);
      const retried = await create({ content: marker }, modeKey);
      expect(retried.status).toBe(201);
      expect(await create({ content: marker }, modeKey)).toEqual(retried);
    }

    const parallelMarker = `idem-parallel-${randomUUID()}`;
    markers.push(parallelMarker, "idem-create");
    const parallelKey = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => create({ content: parallelMarker }, parallelKey)),
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const stored = await storedContentCounts(sql!, markers);
    expect(markers.map((marker) => stored.get(marker))).toEqual(markers.map(() => 1));
  });

  test("parallel reads with one key spend one view and all get the note", async () => {
    const id = await createdId({ content: "idem-parallel-read", burn_after: 1 });
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 4 }, () => read(id, key)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual(answers[0]!.json);
    }
    expect(answers[0]!.json).toMatchObject({ content: "idem-parallel-read", burned: true });
    expect(await readCount(id)).toBe(1);
  });

  test("a malformed key is 400 bad_idempotency_key and spends nothing", async () => {
    const id = await createdId({ content: "idem-bad-key", burn_after: 1 });
    expect(await read(id, "short")).toMatchObject({ status: 400, json: { error: "bad_idempotency_key" } });
    expect(await readCount(id)).toBe(0);
  });
});
