// Runs a TypeScript entry point (`npm start` runs scripts/start.ts) under plain node. Node 20 cannot
// run TypeScript itself, and tsx's loader keeps a thread with a V8 heap of its own for the life of
// the process: about 65 MiB of a long-running server's memory (docs/benchmarks.md). So the entry
// and the project files it imports are bundled with esbuild (about 0.1 s), packages stay external
// and load from node_modules as usual, and node imports the bundle. esbuild bundles in a service
// process of its own (its sync API adds a worker thread in this one), which would otherwise stay
// beside the server for its whole life: the asynchronous API, then `stop()`, ends it before the entry
// runs. The bundle goes to
// node_modules/.cache/notes, written under a temporary name and renamed into place, so that servers
// starting at the same moment never read each other's half-written file.
//
// `node scripts/launch.mjs --bundle-only <entry.ts>` writes the bundle and stops: the container image
// (Dockerfile) bundles at build time and runs node on the bundle, so that node itself is PID 1 and
// the image's files can stay read-only to the user that runs it.
import { renameSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, stop } from "esbuild";

const bundleOnly = process.argv[2] === "--bundle-only";
if (bundleOnly) process.argv.splice(2, 1);
const entry = process.argv[2];
if (!entry) {
  console.error("Usage: node scripts/launch.mjs [--bundle-only] <entry.ts> [arguments]");
  process.exit(2);
}
// The entry sees its own arguments, as if it had been run directly.
process.argv.splice(1, 2, path.resolve(entry));

const cacheDir = path.resolve("node_modules/.cache/notes");
const bundle = path.join(cacheDir, `${path.basename(entry, path.extname(entry))}.mjs`);
const { outputFiles } = await build({
  entryPoints: [entry],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  // The entry runs on the server, so lib's `import "server-only"` resolves as in Next.js's server
  // build (and for tsx under `--conditions=react-server`): to the package's empty module.
  alias: { "server-only": "./node_modules/server-only/empty.js" },
  write: false,
  logLevel: "warning",
});
await stop();
mkdirSync(cacheDir, { recursive: true });
const partial = `${bundle}.${process.pid}.tmp`;
writeFileSync(partial, outputFiles[0].contents);
renameSync(partial, bundle);
if (bundleOnly) console.log(path.relative(process.cwd(), bundle));
else await import(pathToFileURL(bundle).href);
