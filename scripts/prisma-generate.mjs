// `prisma generate`, without the download it does not need (npm install's postinstall runs this).
//
// Before any command, even `generate`, the Prisma 7 CLI makes sure its native schema-engine binary is
// on disk and downloads it from binaries.prisma.sh if not: a network fetch on every fresh install,
// which fails (and with it `npm ci`) on a machine that cannot reach that host. Yet generate never
// runs that engine: the client it writes is Rust-free (driver adapters at run time), and migrations
// are applied by lib/db/migrate.ts, not by the CLI. So generate runs with PRISMA_SCHEMA_ENGINE_BINARY
// pointing at a placeholder file, which tells the CLI the engine is already present: the same client,
// online or offline, and nothing downloaded. If PRISMA_SCHEMA_ENGINE_BINARY is already set, it is
// respected as is.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const prismaCli = require.resolve("prisma/build/index.js");

const result = spawnSync(process.execPath, [prismaCli, "generate"], {
  env: {
    ...process.env,
    // Any existing file will do; this script is one that is always there.
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || fileURLToPath(import.meta.url),
    // Quieter installs; none of these change what is generated.
    NEXT_TELEMETRY_DISABLED: "1",
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  },
  stdio: "inherit",
});
if (result.error) throw result.error;
if (result.status !== 0) {
  console.error("prisma-generate: `prisma generate` failed (see above).");
  process.exit(1);
}
