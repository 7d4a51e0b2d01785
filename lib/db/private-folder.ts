import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

// The embedded database's folder (DATA_DIR) holds every note's row and, without ENCRYPTION_KEYS, the
// key that opens them: no other local user may read any of it. The folder is 0700 (which alone makes
// its contents unreachable) and every file in it loses its group and other bits, whatever the umask
// was when it was written: PGlite writes most of its files 0666, and a folder made by an older
// version is repaired at the next start.

const privateFolderMode = 0o700;
const othersBits = 0o077;

function makePrivate(entry: string, mode: number): void {
  try {
    chmodSync(entry, mode);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    // Only another owner is this folder's own fault; a read-only file system and the like are
    // said as for any folder that cannot hold the database.
    if (code !== "EPERM") throw error;
    throw new Error(
      `${entry} cannot be made private (${code}): everything under DATA_DIR must belong to the user the service runs as.`,
      { cause: error },
    );
  }
}

/** Folders 0700, files without group and other bits, all the way down (symbolic links left alone). */
function repairModes(folder: string): void {
  for (const name of readdirSync(folder)) {
    const entry = path.join(folder, name);
    const stats = lstatSync(entry);
    if (stats.isDirectory()) {
      if ((stats.mode & 0o777) !== privateFolderMode) makePrivate(entry, privateFolderMode);
      repairModes(entry);
    } else if (!stats.isSymbolicLink() && (stats.mode & othersBits) !== 0) {
      makePrivate(entry, stats.mode & 0o777 & ~othersBits);
    }
  }
}

/** Makes `folder` (creating it if needed) and everything under it readable by this user alone. */
export function makeFolderPrivate(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: privateFolderMode });
  if ((statSync(folder).mode & 0o777) !== privateFolderMode) makePrivate(folder, privateFolderMode);
  repairModes(folder);
}
