import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openEmbeddedDatabase } from "./embedded";

// The embedded database's folder and its lock file: faults that must stop start-up with one clear
// line, and a stale lock (its pid now another live process's) that must not; and its durability.

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "notes-embedded-"));
  folders.push(dir);
  return dir;
}

/** The start time /proc gives process `pid` (field 22 of its stat). */
function startTime(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? "";
}

describe("openEmbeddedDatabase", () => {
  it("refuses a folder whose path goes through a file", async () => {
    const file = path.join(folder(), "a-file");
    writeFileSync(file, "");
    await expect(openEmbeddedDatabase(path.join(file, "pglite"))).rejects.toThrow(
      `The embedded database cannot use ${file}/pglite: part of its path is a file (EEXIST). ` +
        "Set DATA_DIR to a writable folder.",
    );
  });

  it("refuses a folder a live process has locked", async () => {
    const dataDir = path.join(folder(), "pglite");
    const owner = process.ppid;
    writeFileSync(`${dataDir}.lock`, `${owner} ${startTime(owner)}`);
    await expect(openEmbeddedDatabase(dataDir)).rejects.toThrow(
      `The embedded database in ${path.dirname(dataDir)} is in use by process ${owner}.`,
    );
    // A lock written before the start time was recorded names the pid alone: it is taken at its word.
    writeFileSync(`${dataDir}.lock`, String(owner));
    await expect(openEmbeddedDatabase(dataDir)).rejects.toThrow(`is in use by process ${owner}.`);
  });

  it("takes over a lock whose pid now belongs to another process, and writes its own", async () => {
    const dataDir = path.join(folder(), "pglite");
    // The pid is alive, but that process started at another time than the lock's owner did.
    writeFileSync(`${dataDir}.lock`, `${process.ppid} 1`);
    const { pglite, close } = await openEmbeddedDatabase(dataDir);
    try {
      expect(JSON.parse(readFileSync(`${dataDir}.lock`, "utf8"))).toMatchObject({
        pid: process.pid,
        started: startTime(process.pid),
      });
      // Acknowledged writes are synced to disk: Postgres's fsync on, the WAL synced with fsync().
      const settings = await pglite.query(
        "SELECT current_setting('fsync') AS fsync, current_setting('wal_sync_method') AS method",
      );
      expect(settings.rows).toEqual([{ fsync: "on", method: "fsync" }]);
    } finally {
      await close();
    }
    expect(() => readFileSync(`${dataDir}.lock`)).toThrow(/ENOENT/);
  });
});
