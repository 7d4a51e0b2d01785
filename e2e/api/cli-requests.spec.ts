import { randomBytes } from "node:crypto";
import { generateRequestKeys } from "../../lib/crypto/request-envelope";
import { createTestDatabase, type TestDatabase } from "../../lib/test/database";
import { expect, test } from "../support/fixtures";
import { dumpDatabase } from "../support/dump-database";
import { notesCli, writeTempFiles } from "../support/notes-cli";
import { testPorts } from "../support/ports";
import { startServer, type ServerProcess } from "../support/server-process";
import { timeouts } from "../support/timeouts";

// `notes request create|answer|read` against a server and a database of their own: what each
// command prints, that the requester reads back exactly what the responders sent, and that neither
// the answers nor the private key reach the server (its database, its log).

test.describe("notes request", () => {
  test.describe.configure({ mode: "serial" });
  let database: TestDatabase | undefined;
  let server: ServerProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(timeouts.serverTest);
    database = await createTestDatabase("requests_cli");
    server = await startServer({ port: testPorts.requestsCli, env: { DATABASE_URL: database.url } });
  });

  test.afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  test("create, answer twice, read: the private link alone opens the answers", async () => {
    const env = { NOTES_SERVER: server!.url };
    const created = await notesCli(
      [
        "request",
        "create",
        "--title",
        "API token",
        "--instructions",
        "The CI one",
        "--answers",
        "2",
        "--ttl",
        "1h",
      ],
      { env },
    );
    expect(created.code, created.stderr).toBe(0);
    const publicLink = created.stdout.trimEnd();
    expect(created.stdout).toMatch(new RegExp(`^${server!.url}/requests/[A-Za-z0-9]{10}\\n$`));
    const privateLine = /^private-link: (\S+)\n$/.exec(created.stderr);
    const privateLink = privateLine?.[1] ?? "";
    const privateKey = new URL(privateLink).hash.slice(1);
    expect(privateLink).toBe(`${publicLink}#${privateKey}`);
    expect(privateKey).toMatch(/^[A-Za-z0-9_-]{128}$/);

    const first = `first-${randomBytes(6).toString("hex")}\nwith a second line\n`;
    const second = `second-${randomBytes(6).toString("hex")} ünïcödé`;
    const [file] = await writeTempFiles({ "answer.txt": second });
    const fromStdin = await notesCli(["request", "answer", publicLink, "-"], { input: first });
    expect(fromStdin).toEqual({ code: 0, stdout: "", stderr: 'answered: answer 1 of "API token"\n' });
    const fromFile = await notesCli(["request", "answer", publicLink, file!]);
    expect(fromFile).toEqual({ code: 0, stdout: "", stderr: 'answered: answer 2 of "API token"\n' });
    const closed = await notesCli(["request", "answer", publicLink], { input: "third" });
    expect(closed.code).toBe(7);
    expect(closed.stderr).toMatch(/^notes: request_closed: /);

    const json = await notesCli(["request", "read", privateLink, "--json"]);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([
      { number: 1, created_at: expect.any(Number), text: first },
      { number: 2, created_at: expect.any(Number), text: second },
    ]);
    const plain = await notesCli(["request", "read", privateLink]);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(
      new RegExp(`^==> answer 1, \\S+Z <==\\n${first}==> answer 2, \\S+Z <==\\n${second}\\n$`),
    );

    // The public link, another request's key, a damaged key: each says so, and no answer is fetched.
    const answersFetched = () => server!.stdout().split('"route":"/api/v1/requests/[id]/answers"').length;
    const fetchedBefore = answersFetched();
    const noKey = await notesCli(["request", "read", publicLink]);
    expect([noKey.code, noKey.stderr.split(":").slice(0, 2).join(":")]).toEqual([6, "notes: bad_key"]);
    const other = await notesCli([
      "request",
      "read",
      `${publicLink}#${(await generateRequestKeys()).privateKey}`,
    ]);
    expect(other.code).toBe(6);
    expect(other.stderr).toBe("notes: wrong_key: This private link's key belongs to another request.\n");
    const damaged = await notesCli([
      "request",
      "read",
      `${publicLink}#${privateKey.slice(0, 100)}${privateKey[100] === "A" ? "B" : "A"}${privateKey.slice(101)}`,
    ]);
    expect([damaged.code, damaged.stderr.split(":").slice(0, 2).join(":")]).toEqual([6, "notes: bad_key"]);
    expect(answersFetched()).toBe(fetchedBefore);

    const dump = await dumpDatabase(database!.url);
    expect(dump).toMatch(/r1\./);
    const log = server!.stdout() + server!.stderr();
    for (const hidden of [first.split("\n")[0]!, second, privateKey, privateKey.slice(0, 42)]) {
      expect(dump).not.toContain(hidden);
      expect(log).not.toContain(hidden);
    }
  });

  test("refuses usage mistakes before sending anything", async () => {
    const env = { NOTES_SERVER: server!.url };
    const noTitle = await notesCli(["request", "create"], { env });
    expect([noTitle.code, noTitle.stderr]).toEqual([
      1,
      "notes: usage: notes request create needs --title TEXT\n",
    ]);
    const stray = await notesCli(["request", "read", "x", "--title", "T"], { env });
    expect(stray.stderr).toBe("notes: usage: notes request read does not take --title\n");
    const unknown = await notesCli(["request", "ask"], { env });
    expect(unknown.code).toBe(1);
    const notALink = await notesCli(["request", "answer", `${server!.url}/AbCdEf1234`], { env, input: "x" });
    expect(notALink.stderr).toMatch(/is not a request's link/);
  });
});
