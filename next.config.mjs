import createNextIntlPlugin from "next-intl/plugin";

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
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

// The pages' texts come from messages/ in the language lib/i18n/request-config.ts picks.
export default createNextIntlPlugin("./lib/i18n/request-config.ts")(nextConfig);
