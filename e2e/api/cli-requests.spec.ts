import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { generateRequestKeys } from "../../lib/crypto/request-envelope";
import { createTestDatabase, type TestDatabase } from "../../lib/test/database";
import { expect, test } from "../support/fixtures";

import { dumpDatabase } from "../support/dump-database";
import { MiB, sha256 } from "../support/files";
import { notesCli, writeTempFiles } from "../support/notes-cli";
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
    server = await startServer({ env: { DATABASE_URL: database.url } });
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

  test("--allow-files, answer --file, read --save: the same bytes, names only in the envelope", async () => {
    const env = { NOTES_SERVER: server!.url };
    const created = await notesCli(["request", "create", "--title", "Signed contract", "--allow-files"], {
      env,
    });
    expect(created.code, created.stderr).toBe(0);
    const publicLink = created.stdout.trimEnd();
    const privateLink = /^private-link: (\S+)\n$/.exec(created.stderr)?.[1] ?? "";

    await mkdir(test.info().outputPath(), { recursive: true });
    const directory = await mkdtemp(test.info().outputPath("answer-files-"));
    const contract = path.join(directory, "contract.pdf");
    const key = path.join(directory, "deploy key.pem");
    const contractBytes = randomBytes(MiB + 3);
    await writeFile(contract, contractBytes);
    await writeFile(key, "-----BEGIN KEY-----\n");
    const answered = await notesCli(
      ["request", "answer", publicLink, "-", "--file", contract, "--file", key],
      {
        input: "signed, see the files",
      },
    );
    expect(answered.code, answered.stderr).toBe(0);
    expect(answered.stderr).toContain('answered: answer 1 of "Signed contract"\n');
    // The server holds sizes and ciphertext: neither name is anywhere in its database.
    const dump = await dumpDatabase(database!.url);
    expect(dump).not.toContain("contract.pdf");
    expect(dump).not.toContain("deploy key.pem");

    const unsaved = await notesCli(["request", "read", privateLink, "--json"]);
    expect(unsaved.code, unsaved.stderr).toBe(0);
    expect(JSON.parse(unsaved.stdout)).toEqual([
      {
        number: 1,
        created_at: expect.any(Number),
        text: "signed, see the files",
        files: [
          { name: "contract.pdf", type: "application/pdf", size: MiB + 3, path: null },
          { name: "deploy key.pem", type: "application/x-pem-file", size: 20, path: null },
        ],
      },
    ]);
    const saveInto = await mkdtemp(test.info().outputPath("answer-saved-"));
    const saved = await notesCli(["request", "read", privateLink, "--save", saveInto]);
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stderr).toContain(
      `answer 1: file "contract.pdf", saved: ${path.join(saveInto, "contract.pdf")}\n`,
    );
    expect(sha256(await readFile(path.join(saveInto, "contract.pdf")))).toBe(sha256(contractBytes));
    expect(await readFile(path.join(saveInto, "deploy key.pem"), "utf8")).toBe("-----BEGIN KEY-----\n");

    // A request without files refuses them before anything is sent.
    const plain = await notesCli(["request", "create", "--title", "Text only"], { env });
    const refused = await notesCli(["request", "answer", plain.stdout.trimEnd(), "--file", key]);
    expect(refused.code).toBe(7);
    expect(refused.stderr).toBe("notes: files_not_allowed: this request does not take files\n");
  });
});
