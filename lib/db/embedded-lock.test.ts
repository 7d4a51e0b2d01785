import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";

// Servers in separate PID namespaces (as in two containers) on one data folder: in each, the other's
// pid means nothing, and each server has the same pid (2, under a shell that outlives it and keeps
// its namespace: else the next namespace may get the dead one's id, and rightly take over at once).
// The lock's heartbeat keeps the second out while the first runs, and lets a successor in once the
// first has been dead for the stale limit. The lock's age is its file's mtime, which the heartbeat
// sets: the test sets it too, so that no check depends on how fast the machine is.

// Far more than a busy machine takes to start a process; the heartbeat touches the lock every sixth of it.
const staleLockMs = 60_000;
const opener = `
  const { openEmbeddedDatabase } = await import(${JSON.stringify(path.resolve("lib/db/embedded.ts"))});
  await openEmbeddedDatabase(process.argv[1], { staleLockMs: ${staleLockMs} })
    .then(() => { console.log("open", process.pid); setInterval(() => {}, 60_000); }, (error) => { console.error(error.message); process.exit(1); });
`;
const canUnshare = spawnSync("unshare", ["--pid", "--fork", "--mount-proc", "true"]).status === 0;
const folder = mkdtempSync(path.join(tmpdir(), "notes-lock-"));
const dataDir = path.join(folder, "pglite");
const lockPath = `${dataDir}.lock`;
// Every process a test started is killed after it, passed or failed, and waited for.
const running: ChildProcess[] = [];
const started: Promise<unknown>[] = [];
afterEach(async () => {
  for (const child of running.splice(0)) child.kill("SIGKILL");
  await Promise.all(started.splice(0));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Sets the time the lock was last touched, as its heartbeat does. */
function setTouched(ms: number): void {
  utimesSync(lockPath, ms / 1000, ms / 1000);
}

/** The pid, as this process sees it, of `pid`'s only child. */
function childOf(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim());
}

/** A process opening the database in a PID namespace of its own; --kill-child: killing it kills all. */
function openInNamespace() {
  const child = spawn(
    "unshare",
    [
      ...[
        "--pid",
        "--fork",
        "--mount-proc",
        "--kill-child",
        "sh",
        "-c",
        '"$@"; [ $? = 1 ] && exit 1; sleep 600',
        "sh",
      ],
      process.execPath,
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      opener,
      dataDir,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  started.push(once(child, "exit"));
  running.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  // Its first line ("open PID"), or how it ended.
  const opened = new Promise<string>((resolve) => {
    child.stdout.on("data", () => stdout.includes("\n") && resolve(stdout.trim()));
    child.once("exit", (code) => resolve(`exit ${code}: ${stderr.trim()}`));
  });
  return { child, opened };
}

describe.skipIf(!canUnshare)(
  "the embedded database's lock across PID namespaces (skipped where unshare --pid is refused)",
  () => {
    it("refuses a second server while the first runs, and lets one in after the first was killed and its lock went stale", async () => {
      const first = openInNamespace();
      expect(await first.opened).toBe("open 2");
      const owner = JSON.parse(readFileSync(lockPath, "utf8")) as { pid: number; where: string };
      expect(owner.pid).toBe(2);

      // Its own pid is the lock's too: before the heartbeat, it took the lock for its own and opened.
      expect(await openInNamespace().opened).toMatch(
        new RegExp(
          `^exit 1: The embedded database in ${folder} is in use by process 2 in another container or on another host \\(`,
        ),
      );

      // The heartbeat touches the lock again after it was set back past the stale limit.
      const touchedAt = () => statSync(lockPath).mtimeMs;
      setTouched(Date.now() - 2 * staleLockMs);
      await expect.poll(touchedAt, { timeout: staleLockMs }).toBeGreaterThan(Date.now() - staleLockMs);

      // The server alone is killed: its namespace lives on, so its id is not reused.
      process.kill(childOf(childOf(first.child.pid!)), "SIGKILL");
      // Last touched half the stale limit ago: still in use.
      setTouched(Date.now() - staleLockMs / 2);
      expect(await openInNamespace().opened).toMatch(
        /^exit 1: The embedded database .* is in use by process 2 /,
      );

      // Last touched a second more than the stale limit ago: a successor takes it over.
      setTouched(Date.now() - staleLockMs - 1000);
      const successor = openInNamespace();
      expect(await successor.opened).toBe("open 2");
      const lock = JSON.parse(readFileSync(lockPath, "utf8")) as { where: string };
      expect(lock.where).not.toBe(owner.where);
    }, 120_000);
  },
);
