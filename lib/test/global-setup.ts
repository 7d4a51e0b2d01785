import type { TestProject } from "vitest/node";
import { generateSealingKey } from "../crypto/seal";
import { migrateDatabase } from "../db/migrate";
import { createTestDatabase } from "./database";

// Vitest globalSetup: one fresh, migrated Postgres database for the whole unit-test run, dropped at
// the end. Tests reach it with testDatabaseUrl() (lib/test/database.ts). DATABASE_URL is set too, so
// code that goes through lib/env.ts and lib/db.ts uses it instead of a developer's database or the
// embedded PGlite folder; test workers start after this runs and inherit it (and ENCRYPTION_KEYS).

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const database = await createTestDatabase("unit");
  try {
    await migrateDatabase(database.url);
  } catch (error) {
    await database.drop();
    throw error;
  }
  process.env.DATABASE_URL = database.url;
  // A database needs a sealing key (lib/env.ts); one per run, like the database.
  process.env.ENCRYPTION_KEYS ??= generateSealingKey();
  project.provide("databaseUrl", database.url);
  return () => database.drop();
}
