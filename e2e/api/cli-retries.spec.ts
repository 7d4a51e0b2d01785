import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { notesCli } from "../support/notes-cli";

// `notes read` and `notes create` retry a request whose answer was lost, with one Idempotency-Key for
// every attempt, so that the server can give back the answer of a read that did spend the view, or
// of a create that did store the note. A real HTTP server
// plays the notes API: it drops the first attempt's connection, answers the second 503
// outcome_unknown, and the third with the note.

let server: Server | undefined;
test.afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

const meta = { id: "AAAAAAAAAA", encrypted: false, page_count: 1, password_required: false };
const health = { status: "ok", checks: { database: "ok" } };
const note = { id: "AAAAAAAAAA", content: "read at last\n", content_type: "markdown", encrypted: false };

async function serveNotesApi(reads: ("drop" | 502 | 503 | 200)[]) {
  const keys: (string | undefined)[] = [];
  server = createServer((request, response) => {
    request.resume();
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json", connection: "close" });
      response.end(JSON.stringify(body));
    };
    // The health report, asked by the client when an answer is not the API's (the 502's page).
    if (request.method === "GET") return json(200, request.url === "/api/v1/health" ? health : meta);
    const created = request.url === "/api/v1/shares";
    keys.push(request.headers["idempotency-key"] as string | undefined);
    const step = reads[Math.min(keys.length - 1, reads.length - 1)];
    if (step === "drop") return request.socket.destroy();
    if (step === 503) return json(503, { error: "outcome_unknown", message: "…" });
    // What HAProxy answers when the instance that had the request dies before answering: its own page.
    if (step === 502) {
      response.writeHead(502, { "content-type": "text/html", connection: "close" });
      return response.end("<html><body><h1>502 Bad Gateway</h1></body></html>\n");
    }
    if (created) return json(201, { ...meta, url: `http://127.0.0.1/${meta.id}`, delete_token: "token" });
    json(200, note);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { link: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/AAAAAAAAAA`, keys };
}

test("notes read retries a dropped connection and a 503 with the same Idempotency-Key", async () => {
  const { link, keys } = await serveNotesApi(["drop", 503, 200]);
  expect(await notesCli(["read", link])).toEqual({ code: 0, stdout: "read at last\n", stderr: "" });
  expect(keys).toHaveLength(3);
  expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
  expect(new Set(keys).size).toBe(1);
});

test("notes read gives up after its bounded retries, with the server's 503", async () => {
  test.setTimeout(120_000);
  const { link, keys } = await serveNotesApi([503]);
  const run = await notesCli(["read", link]);
  expect(run).toMatchObject({ code: 5, stdout: "" });
  expect(run.stderr).toContain("outcome_unknown");
  expect(keys).toHaveLength(6);
});

test("notes create retries a dropped connection, a load balancer's 502 and a 503 with the same Idempotency-Key", async () => {
  const { link, keys } = await serveNotesApi(["drop", 502, 503, 200]);
  const server = new URL(link).origin;
  const run = await notesCli(["create", "--server", server, "--no-encrypt", "-"], { input: "hello\n" });
  expect(run).toEqual({
    code: 0,
    stdout: "http://127.0.0.1/AAAAAAAAAA\n",
    stderr: "delete-token: token\n",
  });
  expect(keys).toHaveLength(4);
  expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
  expect(new Set(keys).size).toBe(1);
});
