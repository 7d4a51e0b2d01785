import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // "server-only" throws outside a React Server Components bundle; tests run modules directly.
    alias: { "server-only": path.resolve("lib/test/server-only-stub.ts") },
  },
  test: {
    include: ["lib/**/*.test.ts", "scripts/**/*.test.ts"],
    globalSetup: ["lib/test/global-setup.ts"],
    // The one time limit of the unit tests: a ceiling that stops a stuck test, not a measure of speed
    // (that is `npm run bench`'s). On a busy 2-core machine the slowest tests (a fresh PGlite's
    // initdb, the render worker's start, half a megabyte of highlighted code) take many times what
    // they take on an idle one, so the limit is far above any of them.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
