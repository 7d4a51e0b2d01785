import { defineConfig } from "prisma/config";

// Prisma 7's CLI reads this file, not .env. The URL is only needed by commands that talk to a
// database (migrate, db, studio); `prisma generate` must keep working without one, so it is optional.
// This is CLI configuration, outside the app, which is why it reads process.env and not lib/env.ts.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  ...(process.env.DATABASE_URL ? { datasource: { url: process.env.DATABASE_URL } } : {}),
});
