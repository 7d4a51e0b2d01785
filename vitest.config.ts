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
  },
});
