import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "../support/fixtures";
import { notesCli } from "../support/notes-cli";

// The command-line client's own errors, with their exact line and exit status: a mistyped option,
// a server that is not this service, and a link whose key is another note's.

test("a mistyped option names the nearest one and the command's usage line, exit 1", async () => {
  const cases: [string[], string][] = [
    [
      ["create", "--burm", "3"],
      "unknown option --burm, did you mean --burn? Usage: notes create [FILE|-] (every option: notes --help)",
    ],
    [
      ["request", "create", "--titel", "x"],
      "unknown option --titel, did you mean --title? Usage: notes request create --title T (every option: notes --help)",
    ],
    [
      ["read", "--zzzzzz"],
      "unknown option --zzzzzz. Usage: notes read LINK [--save DIR] (every option: notes --help)",
    ],
    [["create", "--burn"], "--burn needs a value. Usage: notes create [FILE|-] (every option: notes --help)"],
  ];
  for (const [args, message] of cases) {
    expect(await notesCli(args)).toEqual({ code: 1, stdout: "", stderr: `notes: usage: ${message}\n` });
  }
});

test.describe("a server that is not this service", () => {
  let other: Server;
  let url = "";

  // What a static file server answers: 404 pages for every GET, 501 for a POST.
  test.beforeAll(async () => {
    other = createServer((req, res) => {
      res.writeHead(req.method === "GET" ? 404 : 501, { "content-type": "text/html" });
      res.end("<html><body>Not here</body></html>");
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });

  test.afterAll(() => new Promise<void>((resolve) => other.close(() => resolve())));

  test("create and read say so, exit 8, not a refusal of the note (7)", async () => {
    const line = `notes: not_notes_server: ${url} is not a notes server (no /api/v1/health answer); check --server or the link\n`;
    const created = await notesCli(["create", "--no-encrypt"], { input: "x", env: { NOTES_SERVER: url } });
    expect(created).toEqual({ code: 8, stdout: "", stderr: line });
    const read = await notesCli(["read", `${url}/AAAAAAAAAA#${"A".repeat(43)}`]);
    expect(read).toEqual({ code: 8, stdout: "", stderr: line });
  });
});

test("a link whose key is another note's says the key is wrong, not missing, and spends no view", async ({
  api,
  baseURL,
}) => {
  const env = { NOTES_SERVER: baseURL ?? "" };
  const first = await notesCli(["create", "--burn", "1"], { input: "first", env });
  const second = await notesCli(["create"], { input: "second", env });
  expect([first.code, second.code]).toEqual([0, 0]);
  const [firstLink, secondKey] = [first.stdout.trimEnd(), second.stdout.trimEnd().split("#")[1]];
  const read = await notesCli(["read", `${firstLink.split("#")[0]}#${secondKey}`]);
  expect(read).toEqual({
    code: 6,
    stdout: "",
    stderr:
      "notes: bad_key_proof: the link's key (after #) is not this note's: it belongs to another link, or was changed. No view was spent.\n",
  });
  const id = firstLink.split("/").pop()!.split("#")[0]!;
  expect((await api.meta(id)).json).toMatchObject({ burn_after: 1, remaining_views: 1 });
  expect(await notesCli(["read", firstLink])).toEqual({ code: 0, stdout: "first", stderr: "" });
});
