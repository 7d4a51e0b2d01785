// The web server Playwright starts: a fresh database for this run, then the production build
// (built first when missing) on it, through the same start script as `npm start`.
import { spawn } from "node:child_process";
import { createDatabase } from "../../lib/test/database";

const name = process.env.E2E_DATABASE_NAME;
if (!name) throw new Error("E2E_DATABASE_NAME is not set (run through playwright.config.ts).");

const databaseUrl = await createDatabase(name);
// Specs send hundreds of requests from 127.0.0.1: limits stay out of their way here, and
// e2e/rate-limit tests them on servers of its own.
const highLimit = "1000000/1m";
const rateLimits = Object.fromEntries(
  ["CREATE", "CREATE_PER_KEY", "READ", "PASSWORD", "PASSWORD_PER_NOTE", "ADMIN_SIGN_IN"].map((name) => [
    `RATE_LIMIT_${name}`,
    highLimit,
  ]),
);
const server = spawn("npx", ["tsx", "scripts/start.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    ...rateLimits,
    DATABASE_URL: databaseUrl,
    PORT: process.env.E2E_PORT,
    PUBLIC_URL: "",
    ADMIN_SECRET: process.env.E2E_ADMIN_SECRET,
  },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
