import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import * as engineBindings from "@prisma/schema-engine-wasm/schema_engine_bg";
import type { SchemaEngine } from "@prisma/schema-engine-wasm/schema_engine_bg";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closePool, createTestDatabase, type TestDatabase } from "../test/database";
import { defaultMigrationsDir, migrateDatabase } from "./migrate";

// Proves that prisma/migrations, applied by our runner, build exactly the database schema.prisma
// describes. Prisma's schema engine (its WebAssembly build, which runs offline) compares the live,
// migrated database with the schema file, the same comparison as
// `prisma migrate diff --from-config-datasource --to-schema prisma/schema.prisma`.

const schemaPath = path.resolve("prisma/schema.prisma");
const schema = readFileSync(schemaPath, "utf8");
const noFilters = { externalTables: [], externalEnums: [] };

// The package's entry imports the .wasm file as an ES module, which Node does not do; instantiate
// it by hand, as wasm-bindgen's generated entry would.
function loadSchemaEngineWasm(): void {
  const bindingsFile = createRequire(import.meta.url).resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const wasmModule = new WebAssembly.Module(readFileSync(bindingsFile.replace(/\.js$/, ".wasm")));
  const instance = new WebAssembly.Instance(wasmModule, { "./schema_engine_bg.js": engineBindings });
  engineBindings.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
}

// adapter-pg rejects Postgres "char" columns (OID 18), which the engine's catalog queries return;
// reading them as text is what the engine expects. The pool is built from separate fields, not a
// connection string, because adapter-pg derives other databases from this config.
function charAsTextPool(url: string): pg.Pool {
  const { hostname, port, username, password, pathname } = new URL(url);
  const pool = new pg.Pool({
    host: hostname,
    port: Number(port || 5432),
    user: decodeURIComponent(username),
    password: decodeURIComponent(password),
    database: decodeURIComponent(pathname.slice(1)),
  });
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<pg.QueryResult | pg.QueryResult[]>;
  (pool as { query: unknown }).query = async (...args: unknown[]) => {
    const results = await query(...args);
    for (const result of [results].flat()) {
      for (const field of result.fields ?? []) if (field.dataTypeID === 18) field.dataTypeID = 25;
    }
    return results;
  };
  return pool;
}

function migrationsList() {
  const baseDir = defaultMigrationsDir();
  const names = readdirSync(baseDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return {
    baseDir,
    lockfile: {
      path: "migration_lock.toml",
      content: readFileSync(path.join(baseDir, "migration_lock.toml"), "utf8"),
    },
    shadowDbInitScript: "",
    migrationDirectories: names.map((name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: {
          tag: "ok" as const,
          value: readFileSync(path.join(baseDir, name, "migration.sql"), "utf8"),
        },
      },
    })),
  };
}

describe("schema drift", () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let engine: SchemaEngine;

  beforeAll(async () => {
    database = await createTestDatabase("drift");
    await migrateDatabase(database.url);
    loadSchemaEngineWasm();
    pool = charAsTextPool(database.url);
    const factory = bindMigrationAwareSqlAdapterFactory(new PrismaPg(pool));
    engine = await engineBindings.SchemaEngine.new({ datamodels: [[schemaPath, schema]] }, () => {}, factory);
  });

  afterAll(async () => {
    engine?.free();
    await closePool(pool);
    await database?.drop();
  });

  /** The SQL that would take the migrated database to `target`; "" when there is nothing to do. */
  async function diffDatabaseTo(target: string): Promise<string> {
    const files = [{ path: schemaPath, content: target }];
    const result = await engine.diff({
      from: { tag: "schemaDatasource", files, configDir: path.dirname(schemaPath) },
      to: { tag: "schemaDatamodel", files },
      script: true,
      exitCode: true,
      filters: noFilters,
    });
    return result.exitCode === 0 ? "" : (result.stdout ?? "(no script)");
  }

  it("builds exactly the database that prisma/schema.prisma describes", async () => {
    const missing = await diffDatabaseTo(schema);
    expect(
      missing,
      "prisma/schema.prisma and prisma/migrations disagree. Add a migration folder " +
        "(prisma/migrations/<yyyymmddhhmmss>_<name>/migration.sql) holding this SQL:\n\n" +
        missing,
    ).toBe("");
  });

  it("leaves a history that Prisma's own migrate commands accept", async () => {
    const diagnosis = await engine.diagnoseMigrationHistory({
      migrationsList: migrationsList(),
      optInToShadowDatabase: false,
      filters: noFilters,
    });
    expect(diagnosis).toMatchObject({
      hasMigrationsTable: true,
      history: null,
      editedMigrationNames: [],
      failedMigrationNames: [],
    });
  });

  // Guards the guard: a schema change without a migration must make the first test fail.
  it("notices a schema change that has no migration", async () => {
    const changed = schema.replace(/^model ApiKey \{\n/m, '$&  driftProbe Int? @map("drift_probe")\n');
    expect(changed).not.toBe(schema);
    expect(await diffDatabaseTo(changed)).toMatch(
      /ALTER TABLE "api_keys" ADD COLUMN\s+"drift_probe" INTEGER/,
    );
  });
});
