import { createServer } from "node:net";
import { expect, issueKey, test } from "../support/fixtures";
import { notesCli } from "../support/notes-cli";

// The command-line client's other commands (meta, delete, events) and the exit statuses and error
// lines a shell script relies on.

const notFound = "notes: not_found: No such note (it may have expired or been burned).\n";

/** A keyless note made with the client: its link, id and delete token. */
async function keylessNote(server: string) {
  const run = await notesCli(["create", "--server", server], { input: "owned by a token" });
  expect(run.code, run.stderr).toBe(0);
  const link = run.stdout.trimEnd();
  return { link, id: link.split("/").pop()!.split("#")[0]!, token: run.stderr.split(" ")[1]!.trimEnd() };
}

/** A port nothing listens on: one the system just handed out and took back. */
async function closedPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test.describe("notes meta, delete, events", () => {
  test("meta prints the API's metadata as JSON and counts no view", async ({ api, baseURL }) => {
    const created = await notesCli(["create", "--burn", "2", "--server", baseURL!], { input: "twice" });
    const link = created.stdout.trimEnd();
    const id = link.split("/").pop()!.split("#")[0]!;
    for (let run = 0; run < 2; run++) {
      const meta = await notesCli(["meta", link]);
      expect(meta.code, meta.stderr).toBe(0);
      expect(JSON.parse(meta.stdout)).toEqual((await api.meta(id)).json);
      expect(JSON.parse(meta.stdout)).toMatchObject({
        id,
        encrypted: true,
        burn_after: 2,
        remaining_views: 2,
      });
    }
  });

  test("delete with the delete token or the owner's key; then everything exits 2", async ({ baseURL }) => {
    const { link, token } = await keylessNote(baseURL!);
    const server = ["--server", baseURL!];
    expect(await notesCli(["delete", link, "--token", "ndt_" + "x".repeat(43), ...server])).toEqual({
      code: 2,
      stdout: "",
      stderr: notFound,
    });
    expect(await notesCli(["delete", link, ...server], { env: { NOTES_DELETE_TOKEN: token } })).toEqual({
      code: 0,
      stdout: "",
      stderr: "",
    });
    for (const command of ["meta", "read"]) {
      expect(await notesCli([command, link])).toEqual({ code: 2, stdout: "", stderr: notFound });
    }

    const key = await issueKey();
    const keyed = await notesCli(["create", "--server", baseURL!, "--key", key], { input: "keyed" });
    expect(keyed.stderr).toBe("");
    const keyedLink = keyed.stdout.trimEnd();
    expect(await notesCli(["delete", keyedLink, "--key", await issueKey(), ...server])).toMatchObject({
      code: 2,
    });
    const env = { NOTES_API_KEY: key, NOTES_SERVER: baseURL! };
    expect(await notesCli(["delete", keyedLink], { env })).toMatchObject({ code: 0 });
    expect(await notesCli(["meta", keyedLink])).toMatchObject({ code: 2 });
  });

  test("events prints the owner's access log as JSON", async ({ baseURL }) => {
    const { link, token } = await keylessNote(baseURL!);
    expect(await notesCli(["read", link])).toMatchObject({ code: 0 });
    const run = await notesCli(["events", link, "--token", token, "--server", baseURL!]);
    expect(run.code, run.stderr).toBe(0);
    const log = JSON.parse(run.stdout) as { events: { type: string }[] };
    expect(log.events.map((event) => event.type)).toEqual(["created", "read"]);
    expect(
      await notesCli(["events", link, "--token", "ndt_" + "x".repeat(43), "--server", baseURL!]),
    ).toEqual({
      code: 2,
      stdout: "",
      stderr: notFound,
    });
  });
});

test.describe("exit statuses and error lines", () => {
  const usage = (message: string) => ({ code: 1, stdout: "", stderr: `notes: usage: ${message}\n` });

  test("usage errors exit 1 before any request", async ({ baseURL }) => {
    const server = ["--server", baseURL!];
    expect(await notesCli([])).toEqual(
      usage("no command: notes create|read|meta|delete|events|request (notes --help)"),
    );
    expect(await notesCli(["frobnicate"])).toEqual(usage('unknown command "frobnicate" (notes --help)'));
    expect(await notesCli(["read", "--ttl", "1h", "x"])).toEqual(usage("notes read does not take --ttl"));
    expect(await notesCli(["read", "https://example.com/not-a-note"])).toEqual(
      usage('"https://example.com/not-a-note" is not a note\'s link'),
    );
    expect(await notesCli(["create", ...server], { input: "" })).toEqual({
      code: 1,
      stdout: "",
      stderr: "notes: empty_content: stdin is empty\n",
    });
    expect(await notesCli(["create", "--permanent", ...server], { input: "x" })).toEqual(
      usage("--permanent needs an API key: give --key KEY or set NOTES_API_KEY"),
    );
    expect(await notesCli(["create", "--format", "pdf", ...server], { input: "x" })).toEqual(
      usage('--format is markdown or html, not "pdf"'),
    );
    expect(await notesCli(["create"], { input: "x" })).toEqual(
      usage("no server: give --server URL or set NOTES_SERVER"),
    );
    expect(await notesCli(["delete", "AAAAAAAAAA", ...server])).toMatchObject({ code: 1 });
  });

  test("the server's refusals: 7 for the note as sent, 4 for a bad key, 5 when unreachable", async ({
    baseURL,
  }) => {
    const refused = await notesCli(["create", "--ttl", "2h", "--server", baseURL!], { input: "x" });
    expect(refused.code).toBe(7);
    expect(refused.stderr).toMatch(/^notes: bad_ttl: .+\n$/);
    const badKey = await notesCli(["create", "--server", baseURL!, "--key", "nk_wrong"], { input: "x" });
    expect(badKey).toEqual({
      code: 4,
      stdout: "",
      stderr: "notes: bad_api_key: The API key is unknown, malformed or revoked.\n",
    });
    const port = await closedPort();
    expect(await notesCli(["meta", `http://127.0.0.1:${port}/AAAAAAAAAA`])).toEqual({
      code: 5,
      stdout: "",
      stderr: `notes: unreachable: cannot reach http://127.0.0.1:${port} (ECONNREFUSED)\n`,
    });
  });
});
