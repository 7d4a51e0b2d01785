import { expect, test } from "../support/fixtures";
import { notesCli, notesCliOnTerminal, writeTempFiles } from "../support/notes-cli";

// Passwords in the command-line client: asked on a terminal without echo, or given without one
// through --password-file or NOTES_PASSWORD; a wrong or missing one exits 3 without counting a view.

const password = "correct horse battery";
const noTerminal =
  "notes: needs_password: this needs a password and there is no terminal to ask on: use --password-file FILE or NOTES_PASSWORD\n";
const wrongPassword =
  "notes: bad_password: This note needs a password, and the one given is missing or wrong.\n";

test.describe("notes and passwords", () => {
  test("without a terminal: NOTES_PASSWORD and --password-file; missing or wrong exits 3, no view counted", async ({
    api,
    baseURL,
  }) => {
    const env = { NOTES_SERVER: baseURL!, NOTES_PASSWORD: password };
    const created = await notesCli(["create", "--password", "--burn", "1"], { input: "secret text", env });
    expect(created.code, created.stderr).toBe(0);
    const link = created.stdout.trimEnd();
    const id = link.split("/").pop()!.split("#")[0]!;
    expect((await api.meta(id)).json).toMatchObject({ encrypted: true, password_required: true });

    expect(await notesCli(["read", link])).toEqual({ code: 3, stdout: "", stderr: noTerminal });
    const [wrongFile, rightFile] = await writeTempFiles({
      wrong: "not it\n",
      right: `${password}\nignored\n`,
    });
    expect(await notesCli(["read", "--password-file", wrongFile!, link])).toEqual({
      code: 3,
      stdout: "",
      stderr: wrongPassword,
    });
    expect((await api.meta(id)).json.remaining_views).toBe(1);
    expect(await notesCli(["read", "--password-file", rightFile!, link])).toEqual({
      code: 0,
      stdout: "secret text",
      stderr: "",
    });
  });

  test("create --password with no terminal and no password given exits 3 and sends nothing", async ({
    baseURL,
  }) => {
    const run = await notesCli(["create", "--password", "--server", baseURL!], { input: "text" });
    expect(run).toEqual({ code: 3, stdout: "", stderr: noTerminal });
  });

  test("on a terminal: create asks, read asks; nothing typed is echoed; a wrong answer exits 3", async ({
    api,
    baseURL,
  }) => {
    const [file] = await writeTempFiles({ "typed.md": "typed secret" });
    const env = { NOTES_SERVER: baseURL! };
    const created = await notesCliOnTerminal(["create", "--password", file!], [password], env);
    expect(created.code, created.transcript).toBe(0);
    const match = /^Password for the note: \n(http:\S+#\S+)\ndelete-token: ndt_\w+\n$/.exec(
      created.transcript,
    );
    expect(match, created.transcript).not.toBeNull();
    const link = match![1]!;
    const id = link.split("/").pop()!.split("#")[0]!;
    expect((await api.meta(id)).json).toMatchObject({ encrypted: true, password_required: true });

    const wrong = await notesCliOnTerminal(["read", link], ["wrong"]);
    expect(wrong).toEqual({ code: 3, transcript: `Password: \n${wrongPassword}`, stderr: "" });
    // Backspace takes back the last character typed.
    const read = await notesCliOnTerminal(["read", link], [`${password}x\u007f`]);
    expect(read).toEqual({ code: 0, transcript: "Password: \ntyped secret", stderr: "" });

    // What was typed on the terminal opens the note without one, too.
    const [passwordFile] = await writeTempFiles({ password });
    const again = await notesCli(["read", "--password-file", passwordFile!, link]);
    expect(again).toEqual({ code: 0, stdout: "typed secret", stderr: "" });
  });

  test("--no-encrypt with a password: the server alone checks it", async ({ api, baseURL }) => {
    const env = { NOTES_SERVER: baseURL!, NOTES_PASSWORD: password };
    const created = await notesCli(["create", "--no-encrypt", "--password"], { input: "server side", env });
    expect(created.code, created.stderr).toBe(0);
    const link = created.stdout.trimEnd();
    const id = link.split("/").pop()!;
    expect((await api.read(id)).response.status()).toBe(401);
    expect((await api.read(id, { password })).json).toMatchObject({
      content: "server side",
      encrypted: false,
    });
    expect(await notesCli(["read", link], { env })).toEqual({ code: 0, stdout: "server side", stderr: "" });
  });

  test("a password typed in the other Unicode spelling opens the note, both ways", async ({ baseURL }) => {
    // "café" with a precomposed é (NFC), and with e and a combining accent (NFD): the server's check
    // takes both as one password, so the envelope must too, or the read spends the view for nothing.
    const spellings = ["caf\u00e9", "cafe\u0301"];
    for (const [sealedWith, typed] of [spellings, [...spellings].reverse()]) {
      const env = { NOTES_SERVER: baseURL!, NOTES_PASSWORD: sealedWith! };
      const created = await notesCli(["create", "--password", "--burn", "1"], { input: "au lait", env });
      expect(created.code, created.stderr).toBe(0);
      const read = await notesCli(["read", created.stdout.trimEnd()], { env: { NOTES_PASSWORD: typed! } });
      expect(read).toEqual({ code: 0, stdout: "au lait", stderr: "" });
    }
  });
});
