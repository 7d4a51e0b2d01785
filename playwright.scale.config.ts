import { randomBytes } from "node:crypto";
import { defineConfig } from "@playwright/test";
import { timeouts } from "./e2e/support/timeouts";

// The scale suite (`npm run test:scale`, through scripts/test-scale.mjs, which skips it where HAProxy
// is missing): three instances behind HAProxy on one database made for the run
// (e2e/support/scale-cluster.ts). One worker, so that every spec shares the one deployment; the
// production build must exist (`npm run build`). docs/benchmarks.md#several-instances has its figures.
process.env.E2E_DATABASE_NAME ??= `notes_scale_${randomBytes(5).toString("hex")}`;
// The key the instances seal notes with, here so that the keys CLI the specs run has it as well.
process.env.ENCRYPTION_KEYS ??= randomBytes(32).toString("base64url");

export default defineConfig({
  testDir: "e2e/scale",
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 1,
  reporter: [
    ["list"],
    ...(process.env.CI ? [["github"] as const] : []),
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [["json"] as const] : []),
  ],
  // Drops the run's database should the worker not get to it.
  globalTeardown: "./e2e/support/global-teardown.ts",
  timeout: timeouts.serverTest,
  expect: { timeout: timeouts.expect },
});
