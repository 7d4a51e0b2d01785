import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";

// On a first start in an empty folder PGlite runs initdb, in a second WebAssembly instance with a
// copy of the first's memory. V8 frees both once it is done, but malloc keeps what it got back, and
// the server would carry that for its whole life (docs/benchmarks.md). So initdb runs in a
// short-lived node process of its own, with the same start parameters, and the server then opens
// the folder as on any restart.
const initdb = `
const [pglite, dataDir, startParams] = process.argv.slice(1);
const { PGlite } = await import(pglite);
const db = await PGlite.create(dataDir, { startParams: JSON.parse(startParams) });
await db.close();
`;

/** Creates the database cluster in `dataDir` in a child process, unless there is one already. */
export async function initializeEmbeddedCluster(dataDir: string, startParams: string[]): Promise<void> {
  if (existsSync(path.join(dataDir, "PG_VERSION"))) return;
  // Resolved as the server resolves it (from the project's node_modules), wherever this file was bundled.
  const pglite = createRequire(path.join(process.cwd(), "package.json")).resolve("@electric-sql/pglite");
  // --liftoff-only as npm start runs the server: PGlite on V8's baseline compiler (docs/operations.md).
  const args = ["--liftoff-only", "--input-type=module", "-e", initdb, pathToFileURL(pglite).href, dataDir];
  await promisify(execFile)(process.execPath, [...args, JSON.stringify(startParams)]);
}
