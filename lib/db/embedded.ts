import { accessSync, constants, existsSync, fsyncSync, mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { initializeEmbeddedCluster } from "./embedded-initdb";
import { acquireLock } from "./embedded-lock";
import { makeFolderPrivate } from "./private-folder";
import { stopAfterPanic } from "./stop-after-panic";

const folderFaults: Record<string, string> = {
  ENOTDIR: "part of its path is a file",
  EEXIST: "part of its path is a file",
  EACCES: "this process may not write there",
  EPERM: "this process may not write there",
  EROFS: "its file system is read-only",
};

/**
 * Why the folder cannot be made: node's recursive mkdir says ENOENT on a read-only file system, so
 * the nearest existing folder above is asked whether it may be written.
 */
function mkdirFault(error: unknown, dataDir: string): unknown {
  if ((error as NodeJS.ErrnoException).code !== "ENOENT") return error;
  let existing = path.dirname(dataDir);
  while (!existsSync(existing) && existing !== path.dirname(existing)) existing = path.dirname(existing);
  try {
    accessSync(existing, constants.W_OK);
    return error;
  } catch (accessError) {
    return accessError;
  }
}

/** An error of the folder itself, said as what to change; any other error as it is. */
function folderError(failure: unknown, dataDir: string): unknown {
  const error = mkdirFault(failure, dataDir);
  const code = (error as NodeJS.ErrnoException).code ?? "";
  const fault = folderFaults[code];
  if (!fault) return error;
  return new Error(
    `The embedded database cannot use ${dataDir}: ${fault} (${code}). Set DATA_DIR to a writable folder.`,
    { cause: error },
  );
}

// Durability of acknowledged writes. PGlite starts Postgres with fsync off (`-F`), and its file
// system layer (Emscripten's NODEFS) turns fsync into nothing and fdatasync too: a commit was
// acknowledged once it reached the OS's page cache, safe from a killed process but not from a
// power cut or an OS crash. So Postgres runs with fsync on and syncs the WAL with fsync() at each
// commit (wal_sync_method=fsync: Emscripten drops fdatasync), and NODEFS's fsync is given what it
// lacks, a real fsync of the file. Cost: one fsync per committing statement (docs/operations.md, "Running it").
const durableStartParams = [...PGlite.defaultStartParams, "-c", "fsync=on", "-c", "wal_sync_method=fsync"];

/** Postgres's start parameters: durable, with `sharedBuffersMb` of shared_buffers (or PGlite's). */
function startParams(sharedBuffersMb: number | undefined): string[] {
  if (sharedBuffersMb === undefined) return durableStartParams;
  return [...durableStartParams, "-c", `shared_buffers=${sharedBuffersMb}MB`];
}

type NodeFsStream = { nfd: number };
type Mknod = (parent: unknown, name: string, mode: number, dev: number) => unknown;
type NodeFs = { stream_ops: { fsync?: unknown }; node_ops: { mknod: Mknod } };
type EmscriptenModule = { FS: { filesystems: { NODEFS: NodeFs } } };

function nodeFsOf(pglite: PGlite): NodeFs {
  const { mod } = pglite as unknown as { mod?: Partial<EmscriptenModule> };
  const nodeFs = mod?.FS?.filesystems?.NODEFS;
  // PGlite is pinned; a version whose internals moved must not run without a word about it.
  if (!nodeFs?.stream_ops || !nodeFs.node_ops?.mknod) {
    throw new Error("This PGlite version cannot be made durable and private (lib/db/embedded.ts).");
  }
  return nodeFs;
}

// Every open file and every folder share these tables of operations, so a change reaches them all.
function makeFsyncReachTheDisk(nodeFs: NodeFs): void {
  nodeFs.stream_ops.fsync = (stream: NodeFsStream) => fsyncSync(stream.nfd);
}

// Postgres creates its files 0600, but through PGlite's file layer some arrive 0644 or 0666 (its
// own umask, then the process's): files and folders it creates from now on get no group or other
// bits, whatever the umask. Those it made while starting are repaired after (makeFolderPrivate).
function keepNewFilesPrivate(nodeFs: NodeFs): void {
  const mknod = nodeFs.node_ops.mknod;
  nodeFs.node_ops.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & ~0o077, dev);
}

export async function openEmbeddedDatabase(
  dataDir: string,
  { sharedBuffersMb, staleLockMs }: { sharedBuffersMb?: number; staleLockMs?: number } = {},
): Promise<{
  pglite: PGlite;
  close: () => Promise<void>;
}> {
  // The folder holding dataDir and its lock (DATA_DIR) is private, repaired at every start.
  const folder = path.dirname(dataDir);
  let release: () => void;
  try {
    makeFolderPrivate(folder);
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    release = acquireLock(`${dataDir}.lock`, staleLockMs);
  } catch (error) {
    throw folderError(error, dataDir);
  }
  await initializeEmbeddedCluster(dataDir, startParams(sharedBuffersMb));
  const pglite = await PGlite.create(dataDir, { startParams: startParams(sharedBuffersMb) });
  const nodeFs = nodeFsOf(pglite);
  makeFsyncReachTheDisk(nodeFs);
  keepNewFilesPrivate(nodeFs);
  makeFolderPrivate(folder);
  const { stopped } = stopAfterPanic(pglite);
  process.once("exit", release);
  return {
    pglite,
    close: async () => {
      // A stopped instance never answers again (lib/db/stop-after-panic.ts): only the lock is left.
      if (!stopped()) await pglite.close();
      release();
    },
  };
}
