import { randomBytes } from "node:crypto";
import { defineConfig } from "@playwright/test";
import { timeouts } from "./e2e/support/timeouts";

// Each run gets its own database on the machine's Postgres, created by the test server's start
// script and dropped in global teardown. The name is fixed in the environment here so the worker
// processes, which load this file again, agree on it.
process.env.E2E_DATABASE_NAME ??= `notes_e2e_${randomBytes(5).toString("hex")}`;
// The shared test server's port, between 3700 and 3800: none that fetch refuses to connect to (3659
// and 4045 are on its list of bad ports). Every other server the specs start, and every listener of
// theirs, takes a free port the system picks (above 32767, where fetch refuses none).
process.env.E2E_PORT ??= String(3700 + Math.floor(Math.random() * 100));
// The shared test server's ADMIN_SECRET, random per run; the admin specs sign in with it.
process.env.E2E_ADMIN_SECRET ??= randomBytes(24).toString("base64url");
// The key every server of the run seals notes with (they share one database), random per run.
process.env.ENCRYPTION_KEYS ??= randomBytes(32).toString("base64url");

// The second shared server's (the api-via-next project's), next to the first.
process.env.E2E_VIA_NEXT_PORT ??= String(Number(process.env.E2E_PORT) + 1);
const sharedPort = Number(process.env.E2E_PORT);
const viaNextPort = Number(process.env.E2E_VIA_NEXT_PORT);

// Specs send hundreds of requests from 127.0.0.1: every server they start (the shared one, and the
// ones of specs that need other settings) inherits limits that stay out of their way. The limits
// themselves are tested by e2e/rate-limit, whose servers set their own.
for (const policy of [
  "CREATE",
  "CREATE_PER_KEY",
  "READ",
  "UPLOAD",
  "PASSWORD",
  "PASSWORD_PER_NOTE",
  "ADMIN_SIGN_IN",
]) {
  process.env[`RATE_LIMIT_${policy}`] ??= "1000000/1m";
}

// The same for the file budgets: the file specs move gigabytes from 127.0.0.1 within the hour.
// e2e/rate-limit/file-budget.spec.ts starts servers with budgets of their own.
process.env.FILE_BUDGET_PER_ADDRESS ??= "off";
process.env.FILE_BUDGET_PER_KEY ??= "off";

// The file specs move 200 MiB files (the default limit is 100 MiB); e2e/api/files-lifecycle.spec.ts
// starts a server with the default limits to test them.
process.env.FILE_MAX_BYTES ??= "256MiB";

// Webhook receivers of the specs listen on 127.0.0.1, and their retries should not take minutes;
// e2e/api/webhook-ssrf.spec.ts starts a server that refuses private addresses, as by default.
process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS ??= "1";
process.env.WEBHOOK_RETRY_BASE_MS ??= "300";
process.env.WEBHOOK_POLL_INTERVAL_MS ??= "200";

// Debian's Chromium (installed by .ci/run with apt); Playwright never downloads a browser here.
const chromium = {
  browserName: "chromium" as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
    ],
  },
};

// The API specs that use the shared server alone, run again against a second one whose API goes
// through Next.js's router (DEBUG_NO_DIRECT_ROUTES=1), as under `next dev` and on platforms: the two
// paths must answer alike. Specs that start servers of their own, or the CLI, would repeat themselves;
// direct-routes.spec.ts pins the direct path itself, on the first server.
const viaNextSpecs = [
  "access-log",
  "burn-after-failures",
  "create",
  "delete",
  "duplicate-keys",
  "encrypted",
  "errors",
  "expiry",
  "files-errors",
  "files",
  "hostile",
  "key-notes",
  "keys",
  "openapi",
  "privacy-at-rest",
  "races",
  "read",
  "recipients-access",
  "recipients",
  "request-errors",
  "request-openapi",
  "request-webhooks",
  "requests",
  "unknown-fields",
  "webhooks",
].map((name) => `${name}.spec.ts`);

// E2E_PROJECTS=api,rate-limit runs only those projects (.ci/run's second pass); unset, all of them.
const onlyProjects = process.env.E2E_PROJECTS?.split(",");
const projects = [
  { name: "api", testDir: "e2e/api" },
  {
    name: "api-via-next",
    testDir: "e2e/api",
    testMatch: viaNextSpecs,
    use: { baseURL: `http://127.0.0.1:${viaNextPort}` },
  },
  { name: "browser", testDir: "e2e/browser", use: chromium },
  { name: "admin", testDir: "e2e/admin", use: chromium },
  { name: "rate-limit", testDir: "e2e/rate-limit", use: chromium },
].filter((project) => !onlyProjects || onlyProjects.includes(project.name));

/** A shared test server (e2e/support/start-test-server.ts), answering on `port`. */
const sharedServer = (port: number, ...args: string[]) => ({
  command: ["tsx e2e/support/start-test-server.ts", ...args].join(" "),
  url: `http://127.0.0.1:${port}/`,
  reuseExistingServer: false,
  timeout: timeouts.webServer,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
});

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // `npm test` (scripts/test.mjs) sets PLAYWRIGHT_JSON_OUTPUT_FILE to count the results.
  reporter: [
    ["list"],
    ...(process.env.CI ? [["github"] as const] : []),
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [["json"] as const] : []),
  ],
  globalTeardown: "./e2e/support/global-teardown.ts",
  timeout: timeouts.test,
  expect: { timeout: timeouts.expect },
  use: { baseURL: `http://127.0.0.1:${sharedPort}` },
  projects,
  webServer: [
    sharedServer(sharedPort),
    ...(projects.some((project) => project.name === "api-via-next")
      ? [sharedServer(viaNextPort, "via-next")]
      : []),
  ],
});
