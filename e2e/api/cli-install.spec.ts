import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "../support/fixtures";
import { runCommand, writeTempFiles } from "../support/notes-cli";
import { timeouts } from "../support/timeouts";

// The command-line client as docs/cli.md tells people to get it: installed on its own with npm
// (from the packed tarball, and from the folder), offline, so nothing else is downloaded; and run
// from the checkout with `npm run -s notes`. Each form's stdout must hold the link alone, so that
// LINK=$(notes create f.md) captures exactly the link.

const linkLine = (base: string) => new RegExp(`^${base}/[A-Za-z0-9]{10}#[A-Za-z0-9_-]{43}\\n$`);
const text = "# Installed\n\nRead back through the installed command.\n";

let prefix: string;
test.beforeEach(async () => {
  prefix = await mkdtemp(path.join(tmpdir(), "notes-cli-install-"));
});
test.afterEach(async () => {
  await rm(prefix, { recursive: true, force: true });
});

const npm = (args: string[]) => runCommand("npm", [...args, "--offline", "--no-audit", "--no-fund"], {});

/** `notes create` then `notes read` through `notes` at `bin`: the create's stdout must be the link. */
async function roundTrip(bin: string, server: string) {
  const [file] = await writeTempFiles({ "f.md": text });
  const created = await runCommand(bin, ["create", file!], { NOTES_SERVER: server });
  expect(created.code, created.stderr).toBe(0);
  expect(created.stdout).toMatch(linkLine(server));
  const read = await runCommand(bin, ["read", created.stdout.trimEnd()], {});
  expect(read).toEqual({ code: 0, stdout: text, stderr: "" });
}

test("npm pack, then npm install -g of the tarball: notes on PATH, offline, a real create and read", async ({
  baseURL,
}) => {
  test.setTimeout(timeouts.serverTest);
  const pack = await npm(["pack", "./cli", "--pack-destination", prefix]);
  expect(pack.code, pack.stderr).toBe(0);
  const tarball = path.join(prefix, pack.stdout.trim());
  const install = await npm(["install", "--global", "--prefix", prefix, tarball]);
  expect(install.code, install.stderr).toBe(0);
  expect(install.stderr).toBe("");
  // A copy, not a link into the checkout: it works wherever the checkout goes.
  expect((await readdir(path.join(prefix, "lib/node_modules/notes-cli"))).sort()).toEqual([
    "bin",
    "lib",
    "package.json",
  ]);

  const bin = path.join(prefix, "bin/notes");
  const help = await runCommand(bin, ["--help"], {});
  expect(help.code).toBe(0);
  expect(help.stdout).toMatch(/^notes: share notes from the command line/);
  await roundTrip(bin, baseURL!);
});

test("npm install -g ./cli: notes on PATH, offline", async ({ baseURL }) => {
  test.setTimeout(timeouts.serverTest);
  const install = await npm(["install", "--global", "--prefix", prefix, "./cli"]);
  expect(install.code, install.stderr).toBe(0);
  await roundTrip(path.join(prefix, "bin/notes"), baseURL!);
});

test("npm run -s notes in the checkout prints the link alone; without -s npm's banner comes first", async ({
  baseURL,
}) => {
  const [file] = await writeTempFiles({ "f.md": text });
  const env = { NOTES_SERVER: baseURL! };
  const silent = await runCommand("npm", ["run", "-s", "notes", "--", "create", file!], env);
  expect(silent.code, silent.stderr).toBe(0);
  expect(silent.stdout).toMatch(linkLine(baseURL!));

  // Why the docs say -s: npm itself writes "> notes@… notes" lines to stdout before the script.
  const loud = await runCommand("npm", ["run", "notes", "--", "create", file!], env);
  expect(loud.code).toBe(0);
  expect(loud.stdout.split("\n").filter(Boolean)).toHaveLength(3);
});
