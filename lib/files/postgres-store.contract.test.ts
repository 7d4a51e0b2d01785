// The FileStore contract on the database's store, on Postgres and on the embedded PGlite, each a
// database of its own (the contract counts every chunk the store holds, and the run's shared test
// database has other tests' chunks coming and going).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { vi } from "vitest";
import { createTestDatabase } from "../test/database";
import { describeFileStoreContract } from "./file-store-contract";

/** The store's module loaded afresh, so lib/env.ts and lib/db.ts see `variables` (then restored). */
async function loadStoreWith(variables: Record<string, string>) {
  const saved = Object.fromEntries(Object.keys(variables).map((name) => [name, process.env[name]]));
  Object.assign(process.env, variables);
  vi.resetModules();
  try {
    const { postgresStore } = await import("./postgres-store");
    const { closeDatabase } = await import("../db");
    return { store: postgresStore, closeDatabase };
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

describeFileStoreContract("Postgres", async () => {
  const database = await createTestDatabase("files");
  const { store, closeDatabase } = await loadStoreWith({ DATABASE_URL: database.url });
  return {
    store,
    close: async () => {
      await closeDatabase();
      await database.drop();
    },
  };
});

describeFileStoreContract("embedded PGlite", async () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), "notes-files-pglite-"));
  const { store, closeDatabase } = await loadStoreWith({ DATABASE_URL: "", DATA_DIR: folder });
  return {
    store,
    close: async () => {
      await closeDatabase();
      rmSync(folder, { recursive: true, force: true });
    },
  };
});
