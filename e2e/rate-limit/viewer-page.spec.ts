import { expect, test } from "../support/fixtures";
import { timeouts } from "../support/timeouts";
import { call, inOneWindow, limitHeaders, loopback, note, startServer, type TestServer } from "./servers";

// The viewer page `/<id>` shows what meta shows, so it is charged to the same reads limit, in the
// same bucket as meta and read: past it, a 429 page with Retry-After, in the visitor's language.
// The in-memory store, a low reads limit; each test speaks from its own loopback addresses.
test.describe.configure({ mode: "serial" });

let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(timeouts.serverTest);
  server = await startServer({ RATE_LIMIT_READ: "4/1m" });
});
test.afterAll(async () => {
  await server?.stop();
});

const page = (id: string, from: string, headers: Record<string, string> = {}) =>
  call({ port: server.port, path: `/${id}`, from, headers });
const meta = (id: string, from: string) =>
  call({ port: server.port, path: `/api/v1/shares/${id}/meta`, from });
const read = (id: string, from: string) =>
  call({ port: server.port, path: `/api/v1/shares/${id}/read`, body: {}, from });

test("viewer pages, metas and reads share one limit; past it the page answers 429 with Retry-After", async () => {
  const id = (await call({ port: server.port, path: "/api/v1/shares", body: note({ burn_after: 5 }) })).json
    .id as string;
  await inOneWindow(60_000, 10_000, async (attempt) => {
    const client = loopback(attempt, 10);
    const answers = [
      await page(id, client),
      await meta(id, client),
      await page(id, client),
      await read(id, client),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((answer) => limitHeaders(answer).remaining)).toEqual([3, 2, 1, 0]);
    expect(answers[0]?.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(limitHeaders(answers[0]!)).toMatchObject({ limit: 4, retryAfter: undefined });

    const refused = await page(id, client);
    expect(refused.status).toBe(429);
    expect(refused.headers["content-type"]).toBe("text/html; charset=utf-8");
    const headers = limitHeaders(refused);
    expect(headers).toMatchObject({ limit: 4, remaining: 0 });
    expect(headers.retryAfter).toBe(headers.reset);
    expect(headers.retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused.text).toContain('<html lang="en" dir="ltr">');
    expect(refused.text).toContain(
      `<h1>Too many requests</h1><p>Too many requests came from your address in a short time. Try again in ${headers.retryAfter} s.</p>`,
    );
    // The page's own headers are there too: it is a page of a note's link.
    expect(refused.headers["cache-control"]).toBe("no-store");
    // The same bucket: meta is refused now, and an unknown id too (the limit comes before the lookup).
    expect((await meta(id, client)).status).toBe(429);
    expect((await page("AAAAAAAAAA", client)).status).toBe(429);
    // In the visitor's language.
    const german = await page(id, client, { "accept-language": "de-AT, en;q=0.5" });
    expect(german.status).toBe(429);
    expect(german.text).toContain('<html lang="de" dir="ltr">');
    expect(german.text).toContain("<h1>Zu viele Anfragen</h1>");
    const arabic = await page(id, client, { "accept-language": "ar-EG" });
    expect(arabic.text).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.text).toContain("<h1>طلبات كثيرة جدًا</h1>");
    // Another client is not affected, and no view was spent by any page.
    const other = await page(id, loopback(attempt, 11));
    expect(other.status).toBe(200);
    expect((await meta(id, loopback(attempt, 11))).json.remaining_views).toBe(5 - attempt - 1);
  });
});

test("a prefetch header is no way around the limit", async () => {
  const id = (await call({ port: server.port, path: "/api/v1/shares", body: note() })).json.id as string;
  await inOneWindow(60_000, 10_000, async (attempt) => {
    const client = loopback(attempt, 20);
    for (let i = 0; i < 4; i++) expect((await meta(id, client)).status).toBe(200);
    const prefetches: Record<string, string>[] = [
      { purpose: "prefetch" },
      { "next-router-prefetch": "1" },
      { "sec-purpose": "prefetch" },
    ];
    for (const headers of prefetches) {
      const answer = await page(id, client, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(429);
      expect(answer.text).toContain("<h1>Too many requests</h1>");
    }
  });
});

test("only paths shaped like a note id are charged", async () => {
  const client = "127.0.1.30";
  const other = await page("not-a-note", client);
  expect(other.status).toBe(404);
  expect(other.headers["ratelimit-limit"]).toBeUndefined();
  expect(limitHeaders(await page("AAAAAAAAAA", client))).toMatchObject({ limit: 4, remaining: 3 });
});

test("in the browser: the 429 page says when to try again", async ({ page: browserPage }) => {
  // The browser speaks from 127.0.0.1; use its reads up first.
  const id = (await call({ port: server.port, path: "/api/v1/shares", body: note() })).json.id as string;
  await inOneWindow(60_000, 10_000, async () => {
    for (let i = 0; i < 4; i++) await meta(id, "127.0.0.1");
    const response = await browserPage.goto(`http://127.0.0.1:${server.port}/${id}`);
    expect(response?.status()).toBe(429);
    await expect(browserPage.getByRole("heading", { name: "Too many requests" })).toBeVisible();
    await expect(
      browserPage.getByText(/^Too many requests came from your address .* Try again in \d+ s\.$/),
    ).toBeVisible();
  });
});
