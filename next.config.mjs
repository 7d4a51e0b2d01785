import { PHASE_PRODUCTION_SERVER } from "next/constants.js";

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Each route's module loads on its first request rather than all at start: every route bundles a
  // copy of lib/ of its own, and most (admin, accounts, files) are never opened in a process's life.
  // The API routes npm start serves directly still load at start (lib/server/direct-api-routes.ts).
  experimental: { preloadEntriesOnStart: false },
  // Loaded from node_modules at run time rather than bundled: PGlite reads its WebAssembly and data
  // files relative to its own package, and the database drivers and prom-client's registry keep
  // process-wide state.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/adapter-pg",
    "pg",
    "prom-client",
  ],
};

// The pages' texts come from messages/ in the language lib/i18n/request-config.ts picks. next-intl's
// plugin only points the build at that file; it also loads @swc/core and a file watcher, which a
// production server (`npm start`) would keep in memory for nothing, so it is left out there.
export default async function config(phase) {
  if (phase === PHASE_PRODUCTION_SERVER) return nextConfig;
  const { default: createNextIntlPlugin } = await import("next-intl/plugin");
  return createNextIntlPlugin("./lib/i18n/request-config.ts")(nextConfig);
}
