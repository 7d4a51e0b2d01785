// The Dockerfile's build stage runs this after `npm run build`: it copies into OUT exactly the files
// the runtime needs, as Next.js's `output: "standalone"` does for its own server (and with the same
// tracer, Next.js's copy of @vercel/nft), but for this project's server (`npm start`'s bundle, which
// runs Next.js through its programmatic API) and its operator commands:
//
// - the files Next.js traced for its server and for every page and route (`.next/**/*.nft.json`);
// - the files the bundled entries import: the server, keys, reseal, cleanup, db:migrate, the
//   command-line client and the health check (bundled as `npm start` bundles, scripts/launch.mjs);
// - the build itself (.next without its cache), the migrations, public/ and the message catalogs;
// - package.json, with the operator scripts pointed at their bundles (no tsx, no sources needed).
//
// Usage: node scripts/container/collect-runtime.mjs OUT
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import nft from "next/dist/compiled/@vercel/nft/index.js";

const out = process.argv[2];
if (!out) {
  console.error("Usage: node scripts/container/collect-runtime.mjs OUT");
  process.exit(2);
}

// The entries and the npm scripts that run them in the image. keys, reseal and cleanup run under
// tsx --conditions=react-server in a checkout; node takes the same condition.
const entries = {
  start: { source: "scripts/start.ts", run: "node scripts/container/server.mjs" },
  keys: {
    source: "scripts/keys.ts",
    run: "node --conditions=react-server node_modules/.cache/notes/keys.mjs",
  },
  reseal: {
    source: "scripts/reseal.ts",
    run: "node --conditions=react-server node_modules/.cache/notes/reseal.mjs",
  },
  cleanup: {
    source: "scripts/cleanup.ts",
    run: "node --conditions=react-server node_modules/.cache/notes/cleanup.mjs",
  },
  "db:migrate": { source: "scripts/migrate.ts", run: "node node_modules/.cache/notes/migrate.mjs" },
};

const bundles = [];
for (const { source } of Object.values(entries)) {
  const run = spawnSync(process.execPath, ["scripts/launch.mjs", "--bundle-only", source], {
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`bundling ${source} failed:\n${run.stderr}`);
  bundles.push(run.stdout.trim());
}

const files = new Set();
const extraEntries = [
  "scripts/container/server.mjs",
  "cli/bin/notes.js",
  "scripts/container/healthcheck.mjs",
];
const traced = await nft.nodeFileTrace([...bundles, ...extraEntries], {
  base: process.cwd(),
  processCwd: process.cwd(),
});
for (const file of traced.fileList) files.add(file);

for (const entry of readdirSync(".next", { recursive: true })) {
  const file = path.join(".next", entry);
  if (!file.endsWith(".nft.json") || file.startsWith(path.join(".next", "cache"))) continue;
  const { files: listed } = JSON.parse(readFileSync(file, "utf8"));
  for (const relative of listed) files.add(path.relative(".", path.join(path.dirname(file), relative)));
}

let copied = 0;
for (const file of files) {
  // sharp: Next.js's image optimizer, which no page uses (about 19 MB).
  if (file.startsWith("..") || !existsSync(file) || /node_modules\/(@img|sharp)\//.test(file)) continue;
  mkdirSync(path.join(out, path.dirname(file)), { recursive: true });
  cpSync(file, path.join(out, file), { recursive: true, verbatimSymlinks: true });
  copied++;
}
for (const dir of [".next", "prisma", "public", "messages"]) {
  cpSync(dir, path.join(out, dir), {
    recursive: true,
    verbatimSymlinks: true,
    filter: (source) => !source.startsWith(".next/cache"),
  });
}

const manifest = JSON.parse(readFileSync("package.json", "utf8"));
const scripts = { notes: manifest.scripts.notes };
for (const [name, { run }] of Object.entries(entries)) scripts[name] = run;
writeFileSync(
  path.join(out, "package.json"),
  `${JSON.stringify({ name: manifest.name, version: manifest.version, private: true, type: manifest.type, scripts }, null, 2)}\n`,
);
console.log(`collect-runtime: ${copied} traced files, the build, migrations and catalogs in ${out}`);
