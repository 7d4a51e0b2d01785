// `prisma generate`, made to work on a machine that cannot reach Prisma's binaries host (npm install's
// postinstall runs this).
//
// Why: before any command, even `generate`, the Prisma 7 CLI makes sure its native schema-engine
// binary is on disk and downloads it from binaries.prisma.sh if not. Where that host is unreachable
// (offline CI, locked-down networks) a plain `prisma generate` fails, and with it `npm ci`. Yet
// generate never runs that engine: the client it writes is Rust-free (driver adapters at run time),
// and migrations are applied by lib/db/migrate.ts, not by the CLI. So when, and only when, the
// download is what failed, we run generate once more with PRISMA_SCHEMA_ENGINE_BINARY pointing at a
// placeholder file, which tells the CLI the engine is already present. Where the download works this
// is exactly `prisma generate`. If PRISMA_SCHEMA_ENGINE_BINARY is already set, it is respected as is.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const prismaCli = require.resolve("prisma/build/index.js");

// Quieter installs; none of these change what is generated.
const baseEnv = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
  CHECKPOINT_DISABLE: "1",
};

// The CLI's message when the engine download fails, whatever the mirror or network error.
const engineDownloadFailed = /request to \S*schema-engine\S* failed(?:, reason: ([^\n]*))?/;

function generate(env, { captureStderr }) {
  const result = spawnSync(process.execPath, [prismaCli, "generate"], {
    env,
    stdio: ["inherit", "inherit", captureStderr ? "pipe" : "inherit"],
    encoding: "utf8",
  });
  if (result.error) throw result.error;
  return { ok: result.status === 0, stderr: result.stderr ?? "" };
}

function main() {
  if (process.env.PRISMA_SCHEMA_ENGINE_BINARY) {
    return generate(baseEnv, { captureStderr: false }).ok;
  }
  const first = generate(baseEnv, { captureStderr: true });
  const downloadError = first.ok ? null : engineDownloadFailed.exec(first.stderr);
  if (!downloadError) {
    process.stderr.write(first.stderr);
    return first.ok;
  }

  console.warn(
    `prisma-generate: could not download the schema-engine binary (${downloadError[1] ?? "network error"}); retrying ` +
      "with PRISMA_SCHEMA_ENGINE_BINARY set to a placeholder, which generate never runs.",
  );
  // Any existing file will do; this script is one that is always there.
  const placeholder = fileURLToPath(import.meta.url);
  return generate({ ...baseEnv, PRISMA_SCHEMA_ENGINE_BINARY: placeholder }, { captureStderr: false }).ok;
}

if (!main()) {
  console.error("prisma-generate: `prisma generate` failed (see above).");
  process.exit(1);
}
