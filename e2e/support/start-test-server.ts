// The web server Playwright starts: a fresh database for this run, then the production build
// (built first when missing) on it, through the same start script as `npm start`.
import { spawn } from "node:child_process";
import { createDatabase } from "../../lib/test/database";

const name = process.env.E2E_DATABASE_NAME;
if (!name) throw new Error("E2E_DATABASE_NAME is not set (run through playwright.config.ts).");

const databaseUrl = await createDatabase(name);
const server = spawn(process.execPath, ["scripts/launch.mjs", "scripts/start.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: process.env.E2E_PORT,
    PUBLIC_URL: "",
    ADMIN_SECRET: process.env.E2E_ADMIN_SECRET,
  },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
