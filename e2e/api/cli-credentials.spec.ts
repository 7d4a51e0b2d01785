import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, issueKey, test } from "../support/fixtures";
import { notesCli } from "../support/notes-cli";

// The client's credentials (an API key, a delete token) go to the configured server only: a link
// someone pasted names a host of their choosing. Here that host is a second real server, on another
// loopback address, that answers like the notes API and records every request's headers.

const credentialHeaders = ["x-api-key", "authorization", "x-delete-token"];

async function startForeignHost() {
  const requests: { method: string; path: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((request, response) => {
    requests.push({ method: request.method ?? "", path: request.url ?? "", headers: request.headers });
    const note = { id: "AAAAAAAAAA", encrypted: false, password_required: false, page_count: 1 };
    const read = { ...note, content: "from elsewhere", content_type: "markdown" };
    const body = request.url?.endsWith("/read") ? read : request.url?.endsWith("/meta") ? note : {};
    request.resume().on("end", () => {
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.2", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.2:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

type ForeignHost = Awaited<ReturnType<typeof startForeignHost>>;

const foreignTest = test.extend<{ foreign: ForeignHost }>({
  foreign: async ({}, use) => {
    const host = await startForeignHost();
    await use(host);
    await host.close();
  },
});

foreignTest.describe("the client's credentials and other servers", () => {
  foreignTest("read and meta send no credentials, to any server", async ({ foreign, baseURL }) => {
    const env = { NOTES_SERVER: baseURL!, NOTES_API_KEY: await issueKey() };
    const link = `${foreign.origin}/AAAAAAAAAA`;
    expect(await notesCli(["read", link], { env })).toEqual({
      code: 0,
      stdout: "from elsewhere",
      stderr: "",
    });
    expect(await notesCli(["meta", link, "--key", env.NOTES_API_KEY], { env })).toMatchObject({ code: 0 });
    expect(foreign.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      "GET /api/v1/shares/AAAAAAAAAA/meta",
      "POST /api/v1/shares/AAAAAAAAAA/read",
      "GET /api/v1/shares/AAAAAAAAAA/meta",
    ]);
    for (const { headers } of foreign.requests) {
      expect(Object.keys(headers).filter((name) => credentialHeaders.includes(name))).toEqual([]);
    }
  });

  foreignTest(
    "delete and events refuse a link on another server, sending nothing",
    async ({ foreign, baseURL }) => {
      const key = await issueKey();
      const token = `ndt_${"x".repeat(43)}`;
      const link = `${foreign.origin}/AAAAAAAAAA`;
      const refusal = `notes: foreign_server: the link names ${foreign.origin}, not the configured server ${baseURL}: the API key and delete token go only to the configured server\n`;
      for (const command of ["delete", "events"]) {
        const envs: Record<string, string>[] = [
          { NOTES_SERVER: baseURL!, NOTES_API_KEY: key },
          { NOTES_SERVER: baseURL!, NOTES_DELETE_TOKEN: token },
        ];
        for (const env of envs) {
          expect(await notesCli([command, link], { env })).toEqual({ code: 1, stdout: "", stderr: refusal });
        }
        // --server configures as NOTES_SERVER does.
        expect(await notesCli([command, link, "--token", token, "--server", baseURL!])).toEqual({
          code: 1,
          stdout: "",
          stderr: refusal,
        });
        // With no server configured, a link alone never receives credentials.
        const none = await notesCli([command, link, "--key", key]);
        expect(none).toMatchObject({ code: 1, stdout: "" });
        expect(none.stderr).toBe(
          `notes: foreign_server: the API key and delete token go only to the configured server, and none is configured: give --server URL or set NOTES_SERVER (the link names ${foreign.origin})\n`,
        );
      }
      expect(foreign.requests).toEqual([]);
    },
  );

  foreignTest("the configured server gets them: events and delete of its own note", async ({ baseURL }) => {
    const created = await notesCli(["create", "--server", baseURL!], { input: "mine" });
    expect(created.code, created.stderr).toBe(0);
    const link = created.stdout.trimEnd();
    const token = created.stderr.split(" ")[1]!.trimEnd();
    const env = { NOTES_SERVER: `${baseURL}/`, NOTES_DELETE_TOKEN: token };
    const events = await notesCli(["events", link], { env });
    expect(events.code, events.stderr).toBe(0);
    expect(await notesCli(["delete", link], { env })).toEqual({ code: 0, stdout: "", stderr: "" });
  });
});
