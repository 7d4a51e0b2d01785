import { randomUUID } from "node:crypto";
import {
  closeSync,
  openSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

// PGlite keeps its files in one folder that only one process may open at a time; a second process
// (say `npm run keys` while `npm start` runs, or a second container on the same volume) would corrupt
// it. A lock file makes that a clear error. It names its owner: a random id for this opening, the
// pid and the time that process started, and where that pid means something (the boot id and the
// PID namespace; the host name for people). While the database is open its owner touches the file
// every HEARTBEAT_MS. Another process takes the lock over only when the owner is surely gone:
// - the owner ran in this process's own PID namespace on this boot, and its pid is no longer that
//   process (gone, or reused by one that started at another time): at once. (A namespace's id is
//   reused once all its processes are gone: a pid there then names a process started later.)
// - the owner ran anywhere else (another container, another host sharing the volume): when the file
//   has not been touched for STALE_LOCK_MS. A server killed without closing (kill -9, a lost node)
//   thus keeps its successor elsewhere waiting up to that long.
// A lock of the earlier format (`pid start-time`) is judged by its pid alone, as it was written.

/** How old the lock of an owner that cannot be asked must be to be taken over. */
export const STALE_LOCK_MS = 30_000;

type Owner = { instance: string; pid: number; started: string; where: string; host: string };

/** When process `pid` started (clock ticks since boot, /proc), or "" where that cannot be told. */
function startTimeOf(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22; the fields are counted after the command name, which may contain spaces.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? "";
  } catch {
    return "";
  }
}

function readOr(read: () => string): string {
  try {
    return read().trim();
  } catch {
    return "";
  }
}

/** Where a pid names this process: this boot of this host, this PID namespace. */
const here = [
  hostname(),
  readOr(() => readFileSync("/proc/sys/kernel/random/boot_id", "utf8")),
  readOr(() => readlinkSync("/proc/self/ns/pid")),
].join(" ");

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The lock's owner; a lock of the earlier format as one here; undefined for a half-written one. */
function parseOwner(text: string): Owner | undefined {
  const legacy = /^(\d+)(?: (\d*))?$/.exec(text.trim());
  if (legacy)
    return { instance: "", pid: Number(legacy[1]), started: legacy[2] ?? "", where: here, host: "" };
  try {
    return JSON.parse(text) as Owner;
  } catch {
    return undefined;
  }
}

function ownerIsRunning(owner: Owner | undefined, lockPath: string, staleMs: number): boolean {
  if (owner?.where === here) {
    if (!processIsAlive(owner.pid)) return false;
    const started = startTimeOf(owner.pid);
    return owner.started === "" || started === "" || started === owner.started;
  }
  // A lock removed meanwhile has no owner left.
  const touched = statSync(lockPath, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return Date.now() - touched < staleMs;
}

function inUse(lockPath: string, owner: Owner | undefined): Error {
  const elsewhere =
    owner?.where === here ? "" : ` in another container or on another host (${owner?.host ?? "unknown"})`;
  // Most often `npm run keys` beside `npm start`: the server's admin page does the same.
  return new Error(
    `The embedded database in ${path.dirname(lockPath)} is in use by process ${owner?.pid ?? "unknown"}${elsewhere}. ` +
      "While the server runs, issue and revoke API keys on its admin page, /admin (ADMIN_SECRET turns it on). " +
      "Else stop that process, or set DATABASE_URL to use a Postgres server that many processes can share.",
  );
}

/**
 * Locks the database folder whose lock file is `lockPath` for this process, or throws why it cannot.
 * Returns the release, which stops the heartbeat and removes the lock if it is still this one's.
 */
export function acquireLock(lockPath: string, staleMs = STALE_LOCK_MS): () => void {
  const me: Owner = {
    instance: randomUUID(),
    pid: process.pid,
    started: startTimeOf(process.pid),
    where: here,
    host: hostname(),
  };
  const isMine = () => readOr(() => readFileSync(lockPath, "utf8")).includes(me.instance);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx", 0o600);
      writeFileSync(fd, JSON.stringify(me));
      closeSync(fd);
      return holdLock(lockPath, staleMs, isMine);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const judged = readFileSync(lockPath, "utf8");
      const owner = parseOwner(judged);
      const reopened = owner?.where === here && owner.pid === me.pid && owner.started === me.started;
      if (!reopened && ownerIsRunning(owner, lockPath, staleMs)) throw inUse(lockPath, owner);
      removeJudgedLock(lockPath, judged);
    }
  }
  throw new Error(`Could not lock the embedded database (${lockPath}).`);
}

/** How long a takeover marker may stand before it is taken for one its process left in dying. */
const TAKEOVER_STALE_MS = 10_000;

/**
 * Removes the lock judged dead, unless another process took it over meanwhile. Processes starting
 * at once judge the same dead owner together; without this, a later one would remove the lock an
 * earlier one had just made, and both would open the database. The removal is serialised by a
 * marker file made exclusively: whoever holds it removes the lock only if it still reads as judged.
 * One who finds the marker taken leaves the lock alone (its next attempt judges the new owner).
 */
function removeJudgedLock(lockPath: string, judged: string): void {
  const marker = `${lockPath}.takeover`;
  try {
    closeSync(openSync(marker, "wx", 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const markedAt = statSync(marker, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (Date.now() - markedAt > TAKEOVER_STALE_MS) rmSync(marker, { force: true });
    return;
  }
  try {
    if (readOr(() => readFileSync(lockPath, "utf8")) === judged.trim()) rmSync(lockPath, { force: true });
  } finally {
    rmSync(marker, { force: true });
  }
}

/** The heartbeat: touched every staleMs / 6; a lock no longer this one's stops the process. */
function holdLock(lockPath: string, staleMs: number, isMine: () => boolean): () => void {
  const heartbeat = setInterval(() => {
    if (!isMine()) {
      // Removed by hand, or taken over after this process stood still longer than staleMs (frozen,
      // suspended): another may have opened the database since, and a write from here corrupt it.
      console.error(`Stopping: the embedded database's lock (${lockPath}) is no longer this process's.`);
      process.exit(1);
    }
    const now = new Date();
    utimesSync(lockPath, now, now);
  }, staleMs / 6);
  heartbeat.unref();
  return () => {
    clearInterval(heartbeat);
    if (isMine()) rmSync(lockPath, { force: true });
  };
}
