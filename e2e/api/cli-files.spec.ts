import { mkdir, open, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { create, expectEdgeFilesThroughCli, folder, randomFiles, readSaved } from "../support/cli-files";

import { sha256OfPath as sha256Of, MiB } from "../support/files";
import { expect, test } from "../support/fixtures";
import { noteWithSealedNames } from "../support/named-files";
import { notesCli } from "../support/notes-cli";

// The command-line client's files against the shared test server: `notes create --file` and
// `notes read --save` move files of the sizes around a chunk's edges, end to end and plain, with a
// password; a name that would leave the folder is saved made harmless inside it, and no file is
// ever written over.
// (The 200 MiB files, the dropped connection and what the server sees: cli-files-server.spec.ts.)

test.describe("notes create --file and notes read --save", () => {
  for (const mode of ["end to end", "plain"] as const) {
    test(`${mode}: files of 0 B, 1 B, 1 MiB and 1 MiB + 1 arrive whole, beside the text`, async ({
      baseURL,
    }) => {
      await expectEdgeFilesThroughCli(baseURL!, mode);
    });
  }

  test("a note of files alone, with a password: the password opens the files too", async ({ baseURL }) => {
    const [file] = await randomFiles({ "secret.pem": 3 * MiB + 5 });
    const secrets = await folder("password");
    const passwordFile = path.join(secrets, "password");
    await writeFile(passwordFile, "correct horse\n");
    const link = await create(baseURL!, ["--password-file", passwordFile, "--file", file!.file]);

    const wrong = path.join(secrets, "wrong");
    await writeFile(wrong, "wrong horse\n");
    const directory = await folder("save");
    const refused = await notesCli(["read", link, "--save", directory, "--password-file", wrong]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/^notes: bad_password: /);
    expect(await readdir(directory)).toEqual([]);

    const read = await readSaved(link, directory, ["--password-file", passwordFile]);
    expect(read.pages).toEqual([]);
    expect(read.files).toEqual([
      {
        name: "secret.pem",
        type: "application/x-pem-file",
        size: 3 * MiB + 5,
        path: path.join(directory, "secret.pem"),
      },
    ]);
    expect(await sha256Of(path.join(directory, "secret.pem"))).toBe(file!.sha256);
  });

  test("never writes over a file: the next free name, the first file untouched", async ({ baseURL }) => {
    const [file] = await randomFiles({ "report.pdf": 10 });
    const link = await create(baseURL!, ["--file", file!.file]);
    const directory = await folder("save");
    await writeFile(path.join(directory, "report.pdf"), "mine");
    await writeFile(path.join(directory, "report (1).pdf"), "mine too");
    const read = await readSaved(link, directory);
    expect(read.files?.map(({ path: saved }) => saved)).toEqual([path.join(directory, "report (2).pdf")]);
    expect(await readFile(path.join(directory, "report.pdf"), "utf8")).toBe("mine");
    expect(await readFile(path.join(directory, "report (1).pdf"), "utf8")).toBe("mine too");
    expect(await sha256Of(path.join(directory, "report (2).pdf"))).toBe(file!.sha256);
    expect((await readdir(directory)).sort()).toEqual(["report (1).pdf", "report (2).pdf", "report.pdf"]);
  });

  test("without --save a note with files is not read: its view is kept for a read that saves them", async ({
    baseURL,
  }) => {
    const [file] = await randomFiles({ "a.bin": 5 });
    const link = await create(baseURL!, ["--burn", "1", "-", "--file", file!.file], "hello\n");
    expect(await notesCli(["read", link])).toEqual({
      code: 1,
      stdout: "",
      stderr: "notes: usage: the note has 1 file(s): give --save DIR to keep them\n",
    });
    const directory = await folder("save");
    expect(await notesCli(["read", link, "--save", directory])).toEqual({
      code: 0,
      stdout: "hello\n",
      stderr: "",
    });
    expect(await sha256Of(path.join(directory, "a.bin"))).toBe(file!.sha256);
    expect(await notesCli(["read", link, "--save", directory])).toMatchObject({ code: 2 });
  });

  test("saves a file whose sealed name would leave the folder under a harmless name, inside it", async ({
    baseURL,
  }) => {
    // A sender of its own making, as a hostile one would: sealNote takes any document.
    const link = await noteWithSealedNames(baseURL!, ["../x", "..", "a\u001b[31m"], "escape");
    const parent = await folder("parent");
    const directory = path.join(parent, "save");
    await mkdir(directory);
    const run = await notesCli(["read", link, "--save", directory, "--json"]);
    expect(run.code, run.stderr).toBe(0);
    // ".._x" starts with a dot: saved as "_.._x", and said so.
    expect(run.stderr).toBe('file ".._x" saved as "_.._x": a name starting with a dot would be hidden\n');
    const saved = ["a_[31m", "_.._x", "file-1"];
    expect(JSON.parse(run.stdout)).toEqual({
      pages: [],
      files: [
        [".._x", "_.._x"],
        ["file-1", "file-1"],
        ["a_[31m", "a_[31m"],
      ].map(([name, savedAs]) => ({
        name,
        type: "text/plain",
        size: 6,
        path: path.join(directory, savedAs!),
      })),
    });
    expect(await readdir(parent)).toEqual(["save"]);
    expect((await readdir(directory)).sort()).toEqual(saved.sort());
    for (const name of saved) expect(await readFile(path.join(directory, name), "utf8")).toBe("escape");
    // Names the CLI cannot send are refused before anything is sent.
    const odd = path.join(await folder("odd"), "line\nbreak");
    await (await open(odd, "w")).close();
    const refused = await notesCli(["create", "--file", odd], { env: { NOTES_SERVER: baseURL! } });
    expect(refused).toEqual({
      code: 1,
      stdout: "",
      stderr: 'notes: usage: cannot send a file named "line\\nbreak": rename it\n',
    });
  });

  test("a plain file named . or .. is refused at create (400 bad_file_name): no reader ever gets the name", async ({
    api,
  }) => {
    for (const name of [".", ".."]) {
      const { response, json } = await api.create({
        content: "text",
        ttl: "1h",
        files: [{ name, type: "text/plain", size: 1 }],
      });
      expect(response.status(), JSON.stringify(json)).toBe(400);
      expect(json.error).toBe("bad_file_name");
    }
  });
});
