import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onFatalError } from "../process/fatal-error";
import { openEmbeddedDatabase } from "./embedded";

// The embedded database on a full disk, for real: a small tmpfs (mounting needs root; elsewhere
// the test is skipped), filled to its last megabyte. A WAL segment that cannot be created makes
// Postgres PANIC; the next statement must then fail at once (it used to spin forever), the log
// get one line, and a reopening once space is freed find every acknowledged row.

const mountPoint = mkdtempSync(path.join(tmpdir(), "notes-full-disk-"));
const filler = path.join(mountPoint, "filler");
let mounted = false;

beforeAll(() => {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=80m", "tmpfs", mountPoint], { stdio: "ignore" });
    mounted = true;
  } catch {
    // left unmounted: the test skips
  }
});

afterAll(() => {
  // Lazily: the stopped instance is never closed, so its files stay open until the worker exits.
  if (mounted) execFileSync("umount", ["-l", mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

/** Fills the file system but for `leftBytes`. */
function fillDisk(leftBytes: number): void {
  const { bavail, bsize } = statfsSync(mountPoint);
  writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - leftBytes)));
}

describe("the embedded database after a PANIC", () => {
  it("fails each statement at once, reports one line, and recovers when reopened", async (context) => {
    if (!mounted) context.skip("mounting a file system needs root (CAP_SYS_ADMIN)");
    const reported: string[] = [];
    onFatalError((line) => reported.push(line));
    const dataDir = path.join(mountPoint, "pglite");
    const first = await openEmbeddedDatabase(dataDir);
    await first.pglite.exec("CREATE TABLE t (v text)");
    await first.pglite.query("INSERT INTO t VALUES ($1)", ["acknowledged"]);

    fillDisk(1024 * 1024);
    // Each switch moves the WAL to its next segment, a 16 MB file that must be written in full.
    const panic = await (async () => {
      for (let segment = 0; segment < 5; segment++) {
        await first.pglite.query("SELECT pg_switch_wal()");
        await first.pglite.query("INSERT INTO t VALUES ($1)", [`segment ${segment}`]);
      }
      return null;
    })().catch((error: unknown) => error as { severity?: string; code?: string });
    expect(panic).toMatchObject({ severity: "PANIC", code: "53100" });
    expect(reported).toEqual([
      "The embedded database stopped after a PANIC (SQLSTATE 53100: the disk is full). Exiting with " +
        "code 1; started again, it recovers from its write-ahead log.",
    ]);
    await expect(first.pglite.query("SELECT 1")).rejects.toMatchObject({
      code: "NOTES_EMBEDDED_DATABASE_STOPPED",
    });
    await first.close();

    rmSync(filler);
    const second = await openEmbeddedDatabase(dataDir);
    try {
      const { rows } = await second.pglite.query<{ v: string }>("SELECT v FROM t WHERE v = 'acknowledged'");
      expect(rows).toEqual([{ v: "acknowledged" }]);
      await second.pglite.query("INSERT INTO t VALUES ($1)", ["after"]);
    } finally {
      await second.close();
    }
    // Two openings of a fresh PGlite (its initdb, then a recovery): minutes on a busy small machine.
  }, 300_000);
});
