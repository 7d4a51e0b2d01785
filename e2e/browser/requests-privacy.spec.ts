import { randomBytes } from "node:crypto";
import type { BrowserContext, Request } from "@playwright/test";
import { generateRequestKeys } from "../../lib/crypto/request-envelope";
import { createTestDatabase, type TestDatabase } from "../../lib/test/database";
import { dumpDatabase } from "../support/dump-database";
import { downloadBy, fileInput, sha256, withoutSavePicker } from "../support/files";
import { startRecordingProxy } from "../support/recording-proxy";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";
import { expect, test } from "./browser-test";

// Requests in real Chromium, three people in three browser contexts: the requester creates one and
// keeps the private link, a responder answers through the public link, the requester opens the
// answer; a third person with only the public link cannot. Every request leaving the browsers, every
// row of every table and the server's whole log are searched for the answer and the private key.
// A server and a database of its own, so that they hold this test's traffic and nothing else.

/** A request as the server receives it: its URL, every header and its body. */
const asSent = async (request: Request) =>
  `${request.method()} ${request.url()}\n${JSON.stringify(await request.allHeaders())}\n${request.postData() ?? ""}`;

test.describe("requests in the browser", () => {
  test.describe.configure({ mode: "serial" });
  let database: TestDatabase | undefined;
  let server: ServerProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(timeouts.serverTest);
    database = await createTestDatabase("requests_privacy");
    server = await startServer({ env: { DATABASE_URL: database.url } });
  });

  test.afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  test("only the private link opens the answer; the server never sees it or the key", async ({ browser }) => {
    const secret = `secret-${randomBytes(8).toString("hex")}`;
    const requests: Request[] = [];
    const contextFor = async () => {
      const context = await browser.newContext({ baseURL: server!.url });
      context.on("request", (request) => requests.push(request));
      return context;
    };
    const contexts: BrowserContext[] = [];
    try {
      const requesterContext = await contextFor();
      const responderContext = await contextFor();
      const strangerContext = await contextFor();
      contexts.push(requesterContext, responderContext, strangerContext);

      // The requester: from the home page to a new request, remembering the key in this browser.
      const requester = await requesterContext.newPage();
      await requester.goto("/");
      await requester.getByRole("link", { name: /Ask someone for a secret/ }).click();
      await requester.getByLabel("What are you asking for?").fill("Staging database password");
      await requester.getByLabel("Instructions (optional)").fill("Only the read-only user, please.");
      await requester.getByLabel("Remember the private key in this browser").check();
      await requester.getByRole("button", { name: "Create request" }).click();
      const publicLink = await requester.getByRole("textbox", { name: /Public link/ }).inputValue();
      const privateLink = await requester.getByRole("textbox", { name: /Private link/ }).inputValue();
      const id = new URL(publicLink).pathname.split("/").pop()!;
      const privateKey = new URL(privateLink).hash.slice(1);
      expect(publicLink).toBe(`${server!.url}/requests/${id}`);
      expect(privateLink).toBe(`${publicLink}#${privateKey}`);
      expect(privateKey).toMatch(/^[A-Za-z0-9_-]{128}$/);

      // The responder sees the title and instructions, types the secret; the browser seals it.
      const responder = await responderContext.newPage();
      await responder.goto(publicLink);
      await expect(responder.getByRole("heading", { level: 1 })).toHaveText("Staging database password");
      await expect(responder.getByText("Only the read-only user, please.")).toBeVisible();
      await responder.getByLabel("Your answer").fill(secret);
      await responder.getByRole("button", { name: "Encrypt and send" }).click();
      await expect(responder.getByRole("status")).toHaveText("Sent. Only the person who asked can open it.");
      const dumpWithAnswer = await dumpDatabase(database!.url);
      expect(dumpWithAnswer).toMatch(/r1\./);

      // Taken its one answer, the request is closed to everyone else.
      const stranger = await strangerContext.newPage();
      await stranger.goto(publicLink);
      await expect(
        stranger.getByText("This request took all its answers and accepts no more."),
      ).toBeVisible();
      await expect(stranger.getByRole("button", { name: "Open" })).toHaveCount(0);
      await expect(stranger.getByText(secret)).toHaveCount(0);

      // The requester opens the private link and decrypts the answer in the browser, then burns it.
      await requester.goto(privateLink);
      await expect(requester.getByRole("heading", { name: "Answers to your request" })).toBeVisible();
      await requester.getByRole("button", { name: "Open" }).click();
      await expect(requester.getByText(secret)).toBeVisible();
      // The public link in the same browser offers the way back: the key was remembered.
      const again = await requesterContext.newPage();
      await again.goto(publicLink);
      await expect(again.getByRole("link", { name: "Open the answers" })).toHaveAttribute(
        "href",
        `#${privateKey}`,
      );
      await requester.getByRole("button", { name: "Burn" }).click();
      await expect(requester.getByText("No answers yet.")).toBeVisible();

      // A private link with another request's key, or a damaged one, says so and fetches no answer.
      const before = requests.length;
      const wrong = await strangerContext.newPage();
      await wrong.goto(`${publicLink}#${(await generateRequestKeys()).privateKey}`);
      await expect(wrong.locator(".form-error")).toHaveText(
        "This private link's key does not belong to this request: nothing was fetched.",
      );
      const damaged = await strangerContext.newPage();
      await damaged.goto(
        `${publicLink}#${privateKey.slice(0, 64)}${privateKey.slice(64).split("").reverse().join("")}`,
      );
      await expect(damaged.locator(".form-error")).toContainText(
        "damaged or incomplete: nothing was fetched",
      );
      expect(requests.slice(before).filter((request) => request.url().includes("/answers"))).toEqual([]);
      // Nor does the public link alone list or fetch answers through the API.
      const listed = await strangerContext.request.get(`/api/v1/requests/${id}/answers`);
      expect(listed.status()).toBe(403);

      const sent = await Promise.all(requests.map(asSent));
      // What was recorded is the real traffic: the create, the answer, the list, the fetch, the burn.
      const count = (prefix: string) => sent.filter((request) => request.startsWith(prefix)).length;
      expect(count(`POST ${server!.url}/api/v1/requests\n`)).toBe(1);
      expect(count(`POST ${server!.url}/api/v1/requests/${id}/answers\n`)).toBe(1);
      expect(count(`GET ${server!.url}/api/v1/requests/${id}/answers/1\n`)).toBe(1);
      expect(count(`DELETE ${server!.url}/api/v1/requests/${id}/answers/1\n`)).toBe(1);
      const answerBody = sent.find((request) =>
        request.startsWith(`POST ${server!.url}/api/v1/requests/${id}/answers\n`),
      );
      expect(answerBody).toMatch(/"envelope":"r1\./);

      const dump = dumpWithAnswer + (await dumpDatabase(database!.url));
      expect(dump).toContain(id);
      const log = server!.stdout() + server!.stderr();
      expect(log).toContain('"route":"/api/v1/requests/[id]/answers"');
      // d alone: the private key's first 32 bytes, in the 42 characters that hold only its bits.
      const d = privateKey.slice(0, 42);
      for (const hidden of [secret, privateKey, d]) {
        expect(sent.filter((request) => request.includes(hidden))).toEqual([]);
        expect(dump).not.toContain(hidden);
        expect(log).not.toContain(hidden);
      }
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
    }
  });

  test("a file in an answer: the requester downloads it whole; the server never sees its name or bytes", async ({
    browser,
  }) => {
    const name = `passport-${randomBytes(6).toString("hex")}.pdf`;
    const bytes = randomBytes(1024 * 1024 + 77);
    const requests: Request[] = [];
    const contexts: BrowserContext[] = [];
    // The bodies are searched as they went over the wire: Playwright does not see a body the page
    // sends as a Blob, as the chunks are (e2e/support/recording-proxy.ts).
    const proxy = await startRecordingProxy(server!.port);
    try {
      for (let i = 0; i < 2; i++) {
        const context = await browser.newContext({ baseURL: proxy.url });
        context.on("request", (request) => requests.push(request));
        await withoutSavePicker(context);
        contexts.push(context);
      }
      const [requesterContext, responderContext] = contexts as [BrowserContext, BrowserContext];

      const requester = await requesterContext.newPage();
      await requester.goto("/requests/new");
      await requester.getByLabel("What are you asking for?").fill("A scan of your passport");
      await requester.getByLabel("Answers may carry files").check();
      await requester.getByRole("button", { name: "Create request" }).click();
      const publicLink = await requester.getByRole("textbox", { name: /Public link/ }).inputValue();
      const privateLink = await requester.getByRole("textbox", { name: /Private link/ }).inputValue();
      const id = new URL(publicLink).pathname.split("/").pop()!;

      // The responder is told files are welcome, attaches one and sends it with a line of text.
      const responder = await responderContext.newPage();
      await responder.goto(publicLink);
      await expect(responder.getByText("You may attach files")).toBeVisible();
      await fileInput(responder).setInputFiles({ name, mimeType: "application/pdf", buffer: bytes });
      await responder.getByLabel("Your answer").fill("front page only");
      await responder.getByRole("button", { name: "Encrypt and send" }).click();
      await expect(responder.getByRole("status")).toHaveText("Sent. Only the person who asked can open it.");

      // The requester opens the answer and downloads the file, decrypted in the browser.
      await requester.goto(privateLink);
      await requester.getByRole("button", { name: "Open" }).click();
      await expect(requester.getByText("front page only")).toBeVisible();
      await expect(requester.getByText(name)).toBeVisible();
      const saved = await downloadBy(requester, () =>
        requester.getByRole("button", { name: `Download ${name}` }).click(),
      );
      expect(saved).toEqual({ name, sha256: sha256(bytes) });

      // Whoever has only the public link gets no bytes of it.
      const stranger = await browser.newContext({ baseURL: proxy.url });
      contexts.push(stranger);
      const fetched = await stranger.request.get(`/api/v1/requests/${id}/answers/1/files/0`);
      expect(fetched.status()).toBe(403);

      // Sent: one answer declaring one size, then the file's two ciphertext chunks; nothing in the
      // clear: not its name, not its bytes (a run of 64 from its middle), in no request, row or log.
      const lines = requests.map((request) => `${request.method()} ${request.url()}`);
      const chunkPuts = lines.filter((line) =>
        line.startsWith(`PUT ${proxy.url}/api/v1/requests/${id}/answers/1/files/0/chunks/`),
      );
      expect(chunkPuts).toHaveLength(2);
      expect(proxy.bodyLengths(/^PUT \/api\/v1\/requests\/\w+\/answers\/1\/files\/0\/chunks\/\d+$/)).toEqual([
        1024 * 1024 + 16,
        77 + 16,
      ]);
      const wire = Buffer.from(proxy.traffic(), "latin1");
      const sample = bytes.subarray(500_000, 500_064);
      const dump = await dumpDatabase(database!.url);
      const log = server!.stdout() + server!.stderr();
      expect(dump).toContain(id);
      expect(wire.length).toBeGreaterThan(1024 * 1024);
      expect(wire.includes(`/api/v1/requests/${id}/answers`)).toBe(true);
      expect(wire.includes(sample)).toBe(false);
      expect(wire.includes(Buffer.from(name))).toBe(false);
      expect(lines.filter((line) => line.includes(name))).toEqual([]);
      expect(dump).not.toContain(name);
      expect(dump).not.toContain(sample.toString("hex"));
      expect(log).not.toContain(name);
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
      await proxy.close();
    }
  });
});
