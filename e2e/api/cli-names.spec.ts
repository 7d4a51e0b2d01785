import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { sealAnswer } from "../../lib/crypto/request-envelope";
import { answerWithFiles, createRequest, postJson } from "../support/answer-files";
import { folder } from "../support/cli-files";
import { download } from "../support/file-transfer";
import { expect, test } from "../support/fixtures";
import { noteWithPlainNames, noteWithSealedNames } from "../support/named-files";
import { notesCli, notesCliOnTerminal } from "../support/notes-cli";

// What other people's words do to the reader's terminal and disk: a note's or an answer's text
// reaches a terminal with its control characters shown as harmless stand-ins (and a pipe byte for
// byte); a file's name is cut at 255 UTF-8 bytes, loses its bidirectional controls, is never saved
// as a hidden dotfile, and a file that cannot be saved stops neither the text nor the other files.

const longName = `${"é".repeat(200)}.txt`;
/** What the client saves it as: 125 é and the extension, 254 bytes. */
const longSaved = `${"é".repeat(125)}.txt`;
const dotLine = (name: string) =>
  `file "${name}" saved as "_${name}": a name starting with a dot would be hidden\n`;

test.describe("a note's text on a terminal", () => {
  // ESC sequences that retitle and clear the terminal, BEL, a lone CR that would overwrite a line,
  // DEL, a C1 CSI; a CRLF line end, a tab and Unicode text stay as they are.
  const text =
    "Title\x1b]0;pwned\x07 then \x1b[2J\x1b[H cleared\r\nwindows line\rover\x7f \u009b31m red\ttab ünï\n";
  const shown = "Title␛]0;pwned␇ then ␛[2J␛[H cleared\r\nwindows line␍over␡ \ufffd31m red\ttab ünï\n";

  test("notes read: stand-ins on a terminal, the bytes as they are to a pipe", async ({ baseURL }) => {
    const created = await notesCli(["create"], { input: text, env: { NOTES_SERVER: baseURL! } });
    expect(created.code, created.stderr).toBe(0);
    const link = created.stdout.trimEnd();

    expect(await notesCli(["read", link])).toEqual({ code: 0, stdout: text, stderr: "" });
    const terminal = await notesCliOnTerminal(["read", link], []);
    expect(terminal.code).toBe(0);
    // The pseudo-terminal turns each \n into \r\n, which notesCliOnTerminal turns back.
    expect(terminal.transcript).toBe(shown);
    // --json on a terminal: the JSON escapes C0 characters itself; DEL and C1 get stand-ins too.
    const json = await notesCliOnTerminal(["read", link, "--json"], []);
    expect(json.transcript).not.toMatch(/[\x00-\x08\x0b-\x0c\x0e-\x1f\x7f-\x9f]/);
    expect(JSON.parse(json.transcript)).toEqual({
      pages: [
        { title: "", content: text.replace("\x7f", "␡").replace("\u009b", "\ufffd"), format: "markdown" },
      ],
    });
  });

  test("titles of a multi-page note, on a terminal, get the same stand-ins", async ({ api, baseURL }) => {
    const id = await api.createId({
      ttl: "1h",
      pages: [
        { title: "one\x1b[31m", content: "a\x1b[5m\n" },
        { title: "two", content: "b\n" },
      ],
    });
    const terminal = await notesCliOnTerminal(["read", `${baseURL}/${id}`], []);
    expect(terminal).toMatchObject({ code: 0, transcript: "==> one␛[31m <==\na␛[5m\n\n==> two <==\nb\n" });
  });

  test("notes request read: an answer's text the same way", async ({ baseURL }) => {
    const requester = await createRequest(baseURL!);
    const envelope = await sealAnswer(text, { requestId: requester.id, publicKey: requester.publicKey });
    const answered = await postJson(`${baseURL}/api/v1/requests/${requester.id}/answers`, { envelope });
    expect(answered.status).toBe(201);
    const privateLink = `${baseURL}/requests/${requester.id}#${requester.privateKey}`;
    const piped = await notesCli(["request", "read", privateLink]);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toMatch(/^==> answer 1, \S+ <==\n/);
    expect(piped.stdout.replace(/^.*\n/, "")).toBe(text);
    const terminal = await notesCliOnTerminal(["request", "read", privateLink], []);
    expect(terminal.code).toBe(0);
    expect(terminal.transcript.replace(/^.*\n/, "")).toBe(shown);
  });
});

test.describe("file names on the reader's side", () => {
  test("notes read --save: cut at 255 bytes, no bidi controls, a dotfile renamed and said; one unsavable file stops nothing else", async ({
    baseURL,
  }) => {
    const names = [longName, "report\u202efdp.exe", ".profile", "taken.txt", "ok.txt"];
    const link = await noteWithSealedNames(baseURL!, names, "content", "the text\n");
    const directory = await folder("names");
    // Every name "taken.txt" could have is in use: that file cannot be saved.
    const taken = ["taken.txt", ...Array.from({ length: 99 }, (_, index) => `taken (${index + 1}).txt`)];
    for (const name of taken) await writeFile(path.join(directory, name), "mine");

    const run = await notesCli(["read", link, "--save", directory]);
    expect(run).toEqual({
      code: 1,
      stdout: "the text\n",
      stderr:
        dotLine(".profile") +
        `notes: usage: file "taken.txt" not saved: no free name for taken.txt in ${directory}: 100 taken\n` +
        "notes: usage: 1 of 5 file(s) not saved (above)\n",
    });
    const saved = (await readdir(directory)).filter((name) => !taken.includes(name)).sort();
    expect(saved).toEqual([longSaved, "_.profile", "ok.txt", "reportfdp.exe"].sort());
    expect(Buffer.byteLength(longSaved)).toBe(254);
    for (const name of saved) expect(await readFile(path.join(directory, name), "utf8")).toBe("content");
    expect(await readFile(path.join(directory, "taken.txt"), "utf8")).toBe("mine");
  });

  test("notes request read --save: the answer's text is printed and every file saved under a name that fits", async ({
    baseURL,
  }) => {
    const requester = await createRequest(baseURL!, { files_allowed: true });
    const files = [longName, ".env", "\u2067x\u2069.txt"].map((name) => ({
      name,
      type: "text/plain",
      bytes: Buffer.from(`of ${name}`),
    }));
    await answerWithFiles(baseURL!, requester, "here they are", files);
    const privateLink = `${baseURL}/requests/${requester.id}#${requester.privateKey}`;
    const directory = await folder("answer-names");
    const run = await notesCli(["request", "read", privateLink, "--save", directory]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^==> answer 1, \S+ <==\nhere they are\n$/);
    expect(run.stderr).toBe(
      dotLine(".env") +
        `answer 1: file "${longSaved}", saved: ${path.join(directory, longSaved)}\n` +
        `answer 1: file ".env", saved: ${path.join(directory, "_.env")}\n` +
        `answer 1: file "x.txt", saved: ${path.join(directory, "x.txt")}\n`,
    );
    for (const [saved, file] of [
      [longSaved, files[0]!],
      ["_.env", files[1]!],
      ["x.txt", files[2]!],
    ] as const) {
      expect(await readFile(path.join(directory, saved), "utf8")).toBe(`of ${file.name}`);
    }
  });

  test("plain notes: a name over 255 UTF-8 bytes is refused; a download is named as the client saves it", async ({
    api,
    baseURL,
  }) => {
    const declared = (name: string) => ({
      content: "x",
      ttl: "1h",
      files: [{ name, type: "text/plain", size: 1 }],
    });
    const refused = await api.create(declared("é".repeat(128)));
    expect(refused.response.status()).toBe(400);
    expect(refused.json).toEqual({
      error: "bad_file_name",
      message: "files[0].name: must be at most 255 UTF-8 bytes",
    });
    expect((await api.create(declared("é".repeat(127)))).response.status()).toBe(201);

    const link = await noteWithPlainNames(baseURL!, ["invoice\u202efdp.exe", ".profile"], "plain", "text");
    const read = await api.read(link.split("/").pop()!);
    const listed = read.json.files as { name: string; download_url: string }[];
    // The API gives the names as stored; what saves them makes them harmless.
    expect(listed.map((file) => file.name)).toEqual(["invoice\u202efdp.exe", ".profile"]);
    const dispositions = [];
    for (const file of listed)
      dispositions.push((await download(file.download_url)).headers.get("content-disposition"));
    expect(dispositions).toEqual([
      "attachment; filename*=UTF-8''invoicefdp.exe",
      "attachment; filename*=UTF-8''_.profile",
    ]);

    const directory = path.join(await folder("plain-names"), "save");
    await mkdir(directory);
    const run = await notesCli(["read", link, "--save", directory, "--json"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe(dotLine(".profile"));
    expect(JSON.parse(run.stdout).files).toEqual([
      { name: "invoicefdp.exe", type: "text/plain", size: 5, path: path.join(directory, "invoicefdp.exe") },
      { name: ".profile", type: "text/plain", size: 5, path: path.join(directory, "_.profile") },
    ]);
  });
});
