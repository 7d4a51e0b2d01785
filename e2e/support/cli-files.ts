import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import path from "node:path";

import { sha256, sha256OfPath, writeRandomFile, MiB } from "./files";
import { expect, test } from "./fixtures";
import { notesCli } from "./notes-cli";
import { timeouts } from "./timeouts";

// The command-line client's files, as the specs drive it: `notes create --file` sends files from
// disk, `notes read --save` writes them to a folder, and the SHA-256 of each saved file is compared
// with the one sent. Used against the shared server (cli-files.spec.ts), a server behind a proxy
// (cli-files-server.spec.ts) and the other storages (e2e/browser/files-storages.spec.ts).

type SavedFile = { name: string; type: string; size: number; path: string | null };

/** A new folder in the test's output folder. */
export async function folder(prefix: string) {
  await mkdir(test.info().outputPath(), { recursive: true });
  return mkdtemp(test.info().outputPath(`${prefix}-`));
}

/** Files of these sizes (random bytes), written in a new folder: their paths and SHA-256. */
export async function randomFiles(sizes: Record<string, number>) {
  const directory = await folder("send");
  return Promise.all(
    Object.entries(sizes).map(async ([name, size]) => {
      const bytes = randomBytes(size);
      const file = path.join(directory, name);
      await writeFile(file, bytes);
      return { file, name, size, sha256: sha256(bytes) };
    }),
  );
}

/** A file named `name` of `size` random bytes (written 1 MiB at a time) in a new folder: its path and SHA-256. */
export async function randomFile(name: string, size: number) {
  const file = path.join(await folder("send"), name);
  return { file, sha256: await writeRandomFile(file, size) };
}

/** `notes create ARGS` against `server` (stopped after `timeout` ms), which must succeed: its link. */
export async function create(server: string, args: string[], input?: string, timeout?: number) {
  const run = await notesCli(["create", ...args], { input, timeout, env: { NOTES_SERVER: server } });
  expect(run, run.stderr).toMatchObject({ code: 0 });
  return run.stdout.trimEnd();
}

/** `notes read LINK --save DIRECTORY --json`, which must succeed: what it printed. */
export async function readSaved(link: string, directory: string, args: string[] = []) {
  const run = await notesCli(["read", link, "--save", directory, "--json", ...args]);
  expect(run, run.stderr).toMatchObject({ code: 0, stderr: "" });
  return JSON.parse(run.stdout) as { pages: unknown[]; files?: SavedFile[] };
}

/** Reads `link` (a note of files alone) with --save into a new folder: the SHA-256 of file `name`. */
export async function savedSha256(link: string, name: string) {
  const directory = await folder("save");
  const read = await notesCli(["read", link, "--save", directory], { timeout: timeouts.largeFile });
  expect(read, read.stderr).toEqual({ code: 0, stdout: "", stderr: "" });
  return sha256OfPath(path.join(directory, name));
}

const edgeSizes = { "empty.bin": 0, "one.txt": 1, "chunk.bin": MiB, "chunk-and-one.pdf": MiB + 1 };
const types: Record<string, string> = {
  "empty.bin": "application/octet-stream",
  "one.txt": "text/plain",
  "chunk.bin": "application/octet-stream",
  "chunk-and-one.pdf": "application/pdf",
};

/** Files of 0 B, 1 B, 1 MiB and 1 MiB + 1 B beside a text, in one note on `server`, saved whole. */
export async function expectEdgeFilesThroughCli(server: string, mode: "end to end" | "plain") {
  const files = await randomFiles(edgeSizes);
  const flags = mode === "plain" ? ["--no-encrypt"] : [];
  const link = await create(
    server,
    [...flags, "-", ...files.flatMap(({ file }) => ["--file", file])],
    "text\n",
  );
  const id = link.split("/").pop()!.split("#")[0]!;
  expect(link.includes("#")).toBe(mode === "end to end");
  const meta = await (await fetch(`${server}/api/v1/shares/${id}/meta`)).json();
  expect(meta).toMatchObject({ encrypted: mode === "end to end", files_pending: false });

  const directory = await folder("save");
  const read = await readSaved(link, directory);
  expect(read.pages).toEqual([{ title: "", content: "text\n", format: "markdown" }]);
  expect(read.files).toEqual(
    files.map(({ name, size }) => ({ name, type: types[name], size, path: path.join(directory, name) })),
  );
  for (const { name, sha256 } of files) expect(await sha256OfPath(path.join(directory, name))).toBe(sha256);
  // Without --json the text is printed as ever.
  const again = await notesCli(["read", link, "--save", await folder("again")]);
  expect(again).toEqual({ code: 0, stdout: "text\n", stderr: "" });
}
