import { randomBytes } from "node:crypto";
import type { Request } from "@playwright/test";
import { createTestDatabase, type TestDatabase } from "../../lib/test/database";
import { dumpDatabase } from "../support/dump-database";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";
import { expect, test } from "./browser-test";

// The proof that an end-to-end encrypted note's text and key never reach the server: every request
// the pages send, every row of every table and everything the server logged are searched for them.
// A server of its own, so that its log and its database hold this test's traffic and nothing else.

/** A request as the server receives it: its URL, every header and its body. */
const asSent = async (request: Request) =>
  `${request.method()} ${request.url()}\n${JSON.stringify(await request.allHeaders())}\n${request.postData() ?? ""}`;

test.describe("end-to-end encryption", () => {
  let database: TestDatabase | undefined;
  let server: ServerProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(timeouts.serverTest);
    database = await createTestDatabase("encrypted_privacy");
    server = await startServer({ env: { DATABASE_URL: database.url } });
  });

  test.afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  test("the server never receives the text, the titles or the key: not in a request, a row or its log", async ({
    browser,
  }) => {
    const text = `plaintext-${randomBytes(8).toString("hex")}`;
    const title = `title-${randomBytes(8).toString("hex")}`;
    const context = await browser.newContext({ baseURL: server!.url });
    const requests: Request[] = [];
    context.on("request", (request) => requests.push(request));
    const page = await context.newPage();

    await page.goto("/");
    await page.getByLabel("Text").fill(`# ${text}`);
    await page.getByRole("button", { name: "Add a page" }).click();
    await page.getByLabel("Title of page 2").fill(title);
    await page.getByLabel("Text of page 2").fill(`more ${text}`);
    await page.getByLabel("Password (optional)").fill("a password");
    await page.getByRole("button", { name: "Create note" }).click();
    const link = await page.getByRole("textbox", { name: "Link" }).inputValue();
    const key = new URL(link).hash.slice(1);
    const id = new URL(link).pathname.slice(1);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const reader = await context.newPage();
    await reader.goto(link);
    await reader.getByLabel("Password").fill("a password");
    await reader.getByRole("button", { name: "Reveal note" }).click();
    await expect(reader.getByRole("tab", { name: title })).toBeVisible();
    await expect(reader.getByRole("tabpanel").getByRole("heading")).toHaveText(text);
    const sent = await Promise.all(requests.map(asSent));
    await context.close();
    // What was recorded is the real traffic: the create with its envelope, the viewer, the read.
    expect(sent.filter((request) => request.includes('"encrypted":true'))).toHaveLength(1);
    expect(sent.filter((request) => request.startsWith(`GET ${server!.url}/${id}\n`))).toHaveLength(1);
    expect(
      sent.filter((request) => request.startsWith(`POST ${server!.url}/api/v1/shares/${id}/read`)),
    ).toHaveLength(1);
    const dump = await dumpDatabase(database!.url);
    expect(dump).toContain(id);
    // The log names routes, never ids: its line for the read shows it is this test's traffic.
    const readLines = () =>
      server!
        .stdout()
        .split("\n")
        .filter(
          (line) => line.includes('"route":"/api/v1/shares/[id]/read"') && line.includes('"status":200'),
        );
    await expect.poll(() => readLines().length).toBe(1);
    const log = server!.stdout() + server!.stderr();
    for (const secret of [text, title, key]) {
      expect(sent.filter((request) => request.includes(secret))).toEqual([]);
      expect(dump).not.toContain(secret);
      expect(log).not.toContain(secret);
    }
  });
});
