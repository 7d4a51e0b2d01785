import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

// PGlite keeps its files in one folder that only one process may open at a time; a second process
// (say `npm run keys` while `npm start` runs) would corrupt it. A pid file makes that a clear error.

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function acquireLock(lockPath: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(readFileSync(lockPath, "utf8"), 10);
      if (owner === process.pid) return () => rmSync(lockPath, { force: true });
      if (Number.isInteger(owner) && processIsAlive(owner)) {
        throw new Error(
          `The embedded database in ${path.dirname(lockPath)} is in use by process ${owner}. ` +
            "Stop that process, or set DATABASE_URL to use a Postgres server that many processes can share.",
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database (${lockPath}).`);
}

export async function openEmbeddedDatabase(dataDir: string): Promise<{
  pglite: PGlite;
  close: () => Promise<void>;
}> {
  mkdirSync(dataDir, { recursive: true });
  const release = acquireLock(`${dataDir}.lock`);
  const pglite = await PGlite.create(dataDir);
  process.once("exit", release);
  return {
    pglite,
    close: async () => {
      await pglite.close();
      release();
    },
  };
}
