// The web servers Playwright starts: the production build (built first when missing) through the
// same start script as `npm start`, on a fresh database for this run. `via-next` starts the second
// shared server (the api-via-next project's) on the database the first creates, with
// DEBUG_NO_DIRECT_ROUTES=1, so that every API request takes Next.js's router.
import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { asAdmin, createDatabase, withDatabase, adminUrl } from "../../lib/test/database";

const name = process.env.E2E_DATABASE_NAME;
if (!name) throw new Error("E2E_DATABASE_NAME is not set (run through playwright.config.ts).");
const viaNext = process.argv[2] === "via-next";

/** The run's database, once the first server's start has created it. */
async function createdDatabase(database: string): Promise<string> {
  const exists = () =>
    asAdmin(async (client) => {
      const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
      return found.rowCount === 1;
    });
  while (!(await exists())) await sleep(100);
  return withDatabase(adminUrl(), database);
}

const databaseUrl = viaNext ? await createdDatabase(name) : await createDatabase(name);
const server = spawn(process.execPath, ["scripts/launch.mjs", "scripts/start.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: viaNext ? process.env.E2E_VIA_NEXT_PORT : process.env.E2E_PORT,
    PUBLIC_URL: "",
    ADMIN_SECRET: process.env.E2E_ADMIN_SECRET,
    DEBUG_NO_DIRECT_ROUTES: viaNext ? "1" : "0",
    // Specs look at burned notes' rows after the burn; a periodic purge between the two would take
    // the row away (it did once, ten minutes into a run). Cleanup is tested on servers of its own.
    CLEANUP_INTERVAL_SECONDS: "0",
    // A note past the render worker's heap must be stopped by the heap, in seconds, not by the render
    // timeout (hostile.spec.ts): with the timeout ten minutes off, a render the heap did not stop
    // would outlast the test's own limits and fail it.
    RENDER_TIMEOUT_MS: "600000",
  },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
