import { expect, issueKey, test } from "../support/fixtures";
import {
  call,
  inOneWindow,
  limitHeaders,
  loopback,
  note,
  startServer,
  type Answer,
  type TestServer,
} from "./servers";
import { timeouts } from "../support/timeouts";

// The in-memory store (no Upstash settings), limits low, TRUST_PROXY unset. Each test speaks from
// its own loopback addresses, so each is a client of its own.
test.describe.configure({ mode: "serial" });

const readWindowMs = 10_000;
const adminSecret = "rate-limit-spec-admin-secret";
let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(timeouts.serverTest);
  server = await startServer({
    RATE_LIMIT_CREATE: "3/1m",
    RATE_LIMIT_CREATE_PER_KEY: "5/1m",
    RATE_LIMIT_READ: `6/${readWindowMs}ms`,
    RATE_LIMIT_PASSWORD: "3/1m",
    RATE_LIMIT_PASSWORD_PER_NOTE: "6/1m",
    RATE_LIMIT_ADMIN_SIGN_IN: "3/1m",
    ADMIN_SECRET: adminSecret,
  });
});
test.afterAll(async () => {
  await server?.stop();
});

const create = (from: string, body: unknown = note(), headers: Record<string, string> = {}) =>
  call({ port: server.port, path: "/api/v1/shares", body, from, headers });
const read = (id: string, from: string, body: unknown = {}) =>
  call({ port: server.port, path: `/api/v1/shares/${id}/read`, body, from });
const meta = (id: string, from: string) =>
  call({ port: server.port, path: `/api/v1/shares/${id}/meta`, from });

function expectLimited(answer: Answer, limit: number) {
  expect(answer.status, JSON.stringify(answer.json)).toBe(429);
  expect(answer.json).toEqual({ error: "rate_limited", message: expect.any(String) });
  expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
  const headers = limitHeaders(answer);
  expect(headers).toMatchObject({ limit, remaining: 0 });
  expect(headers.retryAfter).toBe(headers.reset);
  expect(headers.retryAfter).toBeGreaterThanOrEqual(1);
}

test("says at start-up that limits are in memory, for a single instance", () => {
  expect(server.output()).toContain("Rate limits: kept in this process's memory (single instance only");
});

test("creates: a burst past the limit is refused with 429 and exact headers", async () => {
  await inOneWindow(60_000, 5_000, async (attempt) => {
    const client = loopback(attempt, 11);
    const remaining = [];
    for (let i = 0; i < 3; i++) {
      const answer = await create(client);
      expect(answer.status).toBe(201);
      const headers = limitHeaders(answer);
      expect(headers.limit).toBe(3);
      expect(headers.reset).toBeGreaterThanOrEqual(1);
      expect(headers.reset).toBeLessThanOrEqual(60);
      expect(headers.retryAfter).toBeUndefined();
      remaining.push(headers.remaining);
    }
    expect(remaining).toEqual([2, 1, 0]);
    expectLimited(await create(client), 3);
    // Refused before the body is even parsed: broken JSON gets the same 429.
    expectLimited(await create(client, "{oops"), 3);
    // Another client is not affected.
    expect((await create(loopback(attempt, 12))).status).toBe(201);
  });
});

test("a client rotating spoofed forwarding headers stays one client", async () => {
  await inOneWindow(60_000, 5_000, async (attempt) => {
    const client = loopback(attempt, 13);
    for (let i = 0; i < 3; i++) {
      const spoof = `198.51.100.${i + 1}`;
      const answer = await create(client, note(), { "x-forwarded-for": spoof, "x-real-ip": spoof });
      expect(answer.status).toBe(201);
    }
    const spoof = {
      "x-forwarded-for": "203.0.113.77",
      "x-real-ip": "203.0.113.78",
      "cf-connecting-ip": "203.0.113.79",
    };
    expectLimited(await create(client, note(), spoof), 3);
  });
});

test("keyed creates are counted per key, apart from the address's own limit", async () => {
  // The key is issued first: the CLI's run is no part of the burst.
  const keys = [await issueKey(), await issueKey()];
  await inOneWindow(60_000, 10_000, async (attempt) => {
    const keyed = { "x-api-key": keys[attempt] ?? "" };
    const a = loopback(attempt, 14);
    const b = loopback(attempt, 15);
    const c = loopback(attempt, 16);
    for (let i = 0; i < 3; i++) expect((await create(a)).status).toBe(201);
    expectLimited(await create(a), 3);

    // The address is used up, the key is not: 5 keyed creates, shared by every address using it.
    const remaining = [];
    for (let i = 0; i < 5; i++) {
      const answer = await create(i % 2 ? a : b, note(), keyed);
      expect(answer.status).toBe(201);
      expect(limitHeaders(answer).limit).toBe(5);
      remaining.push(limitHeaders(answer).remaining);
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    expectLimited(await create(c, note(), keyed), 5);
    // Keyed creates did not use the addresses' own allowance.
    expect((await create(b)).status).toBe(201);
    // A bad key is charged to the address, and its 401 carries the headers too.
    const bad = await create(c, note(), { "x-api-key": "nsk_wrong" });
    expect(bad.status).toBe(401);
    expect(limitHeaders(bad)).toMatchObject({ limit: 3, remaining: 2 });
  });
});

test("reads and metas share a per-client limit that resets after its window", async () => {
  const id = (await create("127.0.0.20")).json.id as string;
  const { client, refused } = await inOneWindow(readWindowMs, readWindowMs / 2, async (attempt) => {
    const client = loopback(attempt, 21);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await meta(id, client), await read(id, client));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.map((answer) => limitHeaders(answer).remaining)).toEqual([5, 4, 3, 2, 1, 0]);
    expect(answers.every((answer) => limitHeaders(answer).limit === 6)).toBe(true);
    const refused = await meta(id, client);
    expectLimited(refused, 6);
    // Unknown notes are refused the same way: the limit comes first.
    expectLimited(await meta("AAAAAAAAAA", client), 6);
    return { client, refused };
  });

  // Retry-After is honest: after it, the client may read again.
  await new Promise((resolve) => setTimeout(resolve, (limitHeaders(refused).retryAfter ?? 0) * 1000 + 100));
  const again = await meta(id, client);
  expect(again.status).toBe(200);
  expect(limitHeaders(again).limit).toBe(6);
});

test("a 404 on a limited route carries the RateLimit headers", async () => {
  const answer = await read("AAAAAAAAAA", "127.0.0.22");
  expect(answer.status).toBe(404);
  expect(limitHeaders(answer)).toMatchObject({ limit: 6, remaining: 5 });
});

test("wrong passwords: blocked before they are checked, the right one from elsewhere still works", async () => {
  await inOneWindow(60_000, 10_000, async (attempt) => {
    const from = (host: number) => loopback(attempt, host);
    const id = (await create(from(30), note({ password: "right", burn_after: 10 }))).json.id as string;
    for (let i = 0; i < 3; i++) {
      const wrong = await read(id, from(31), { password: `wrong-${i}` });
      expect(wrong.status).toBe(401);
      expect(wrong.json.error).toBe("bad_password");
    }
    expectLimited(await read(id, from(31), { password: "wrong-3" }), 3);
    // Refused before the password is looked at: even the right one is refused from this client.
    expectLimited(await read(id, from(31), { password: "right" }), 3);

    // Another client with the right password reads, and right passwords are given back: three in a
    // row leave the note's total (6) where the wrong ones left it (3 used).
    for (let i = 0; i < 3; i++) expect((await read(id, from(32), { password: "right" })).status).toBe(200);
    // Three more wrong ones from other clients use the note's total up...
    for (const host of [33, 34, 35])
      expect((await read(id, from(host), { password: "nope" })).status).toBe(401);
    // ...after which every client is refused, the right password included.
    expectLimited(await read(id, from(36), { password: "nope" }), 6);
    expectLimited(await read(id, from(37), { password: "right" }), 6);
    // Only the three right passwords counted views.
    expect((await meta(id, from(38))).json.remaining_views).toBe(7);
  });
});

test("burn after wrong passwords stays exact when the limiter refuses some attempts first", async ({
  sql,
}) => {
  await inOneWindow(60_000, 10_000, async (attempt) => {
    const from = (host: number) => loopback(attempt, host);
    const body = note({ password: "right", burn_after_failures: 3 });
    const id = (await create(from(99), body)).json.id as string;
    // 20 clients at once: the note's total (6) lets at most six through to the password check, of
    // which exactly three are counted, the third destroying the note.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => read(id, from(100 + i), { password: "wrong" })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    // The rest: refused by the limiter, or (checked after the note was destroyed) not found. A
    // request that arrives after the destruction is not found before it is charged.
    const limited = statuses.filter((status) => status === 429).length;
    expect(statuses.filter((status) => status === 404)).toHaveLength(17 - limited);
    expect(limited).toBeGreaterThanOrEqual(1);
    expect(limited).toBeLessThanOrEqual(14);
    const { rows } = await sql.query(
      "SELECT failed_attempts, burned_at IS NOT NULL AS burned FROM shares WHERE id = $1",
      [id],
    );
    expect(rows[0]).toEqual({ failed_attempts: 3, burned: true });
  });
});

test("admin sign-in: attempts past the limit are refused, even with the right secret", async () => {
  const signIn = (secret: string, from: string) =>
    call({
      port: server.port,
      path: "/admin/api/session",
      body: { secret },
      from,
      headers: { origin: `http://127.0.0.1:${server.port}`, "sec-fetch-site": "same-origin" },
    });
  await inOneWindow(60_000, 5_000, async (attempt) => {
    const client = loopback(attempt, 40);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await signIn(`wrong-secret-number-${i}`, client)).status);
    expect(statuses).toEqual([401, 401, 401]);
    expectLimited(await signIn(adminSecret, client), 3);
    // The administrator at another address still gets in.
    const other = await signIn(adminSecret, loopback(attempt, 41));
    expect(other.status).toBe(204);
    expect(limitHeaders(other)).toMatchObject({ limit: 3, remaining: 2 });
  });
});

test("the viewer says when to try again after too many wrong passwords", async ({ page }) => {
  // The browser's address is 127.0.0.1, or ::1 when it has to try again as another client.
  const browserHosts = ["127.0.0.1", "[::1]"];
  await inOneWindow(60_000, 20_000, async (attempt) => {
    const created = await create(loopback(attempt, 50), note({ password: "right one" }));
    expect(created.status).toBe(201);
    await page.goto(`http://${browserHosts[attempt]}:${server.port}/${String(created.json.id)}`);
    const password = page.getByLabel("Password");
    const tryPassword = async (text: string) => {
      await password.fill(text);
      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith("/read")),
        page.getByRole("button", { name: "Reveal note" }).click(),
      ]);
      return answer.status();
    };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push(await tryPassword(`wrong ${i}`));
    expect(statuses).toEqual([401, 401, 401]);
    expect(await tryPassword("right one")).toBe(429);
    await expect(page.locator("#password-error")).toHaveText(
      /^Too many attempts\. Try again in \d+ s \(at .+\)\.$/,
    );
    await expect(password).toBeVisible();
  });
});
